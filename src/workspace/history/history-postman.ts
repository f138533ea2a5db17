import type { ApiMeta } from '../../api/meta-queries.ts';
import { downloadPostmanCollection } from '../interop/downloads.ts';
import { storedBatchRequests } from '../runs/batch-requests.ts';
import type { HistoryEntry } from './history-store.ts';

/**
 * The history as a Postman collection, a batch entry as one request per cell (the entry
 * itself holds no query). The History page and the palette both export through it.
 */
export async function downloadHistoryPostman(
  entries: readonly HistoryEntry[],
  meta: ApiMeta | undefined,
): Promise<void> {
  const requests = await Promise.all(
    entries.map(async (e) => (e.batch ? storedBatchRequests(e.batch.id) : [e])),
  );
  await downloadPostmanCollection('Request history', requests.flat(), meta);
}
