import { batchRequests, type NamedRequest } from './open-batch.ts';
import { loadBatch } from './batch-storage.ts';

/** The requests of batch `id` as this tab stores it, or none when it is gone (after a day). */
export async function storedBatchRequests(id: string): Promise<NamedRequest[]> {
  const loaded = await loadBatch(id);
  return loaded && loaded.batch.id === id ? batchRequests(loaded.batch.definition) : [];
}
