import { batchRequests, type NamedRequest } from './cell-query.ts';
import { loadBatch } from './batch-store.ts';
import type { BatchDefinition } from './lib/definition.ts';

/** What batch `id` asks, as this tab stores it, or null when it is gone (after a day). */
export async function storedBatchDefinition(id: string): Promise<BatchDefinition | null> {
  return (await loadBatch(id))?.batch.definition ?? null;
}

/** The requests of batch `id` as this tab stores it, or none when it is gone. */
export async function storedBatchRequests(id: string): Promise<NamedRequest[]> {
  const definition = await storedBatchDefinition(id);
  return definition ? batchRequests(definition) : [];
}
