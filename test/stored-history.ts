/**
 * Stores `count` history entries as the app keeps them (workspace/history/history-store.ts):
 * searches and shorts "query 0", "query 1", …, newest first, a minute apart.
 */
export function storeHistoryEntries(count: number): void {
  const entries = Array.from({ length: count }, (_, i) => ({
    id: `e${i}`,
    endpoint: i % 2 ? 'search' : 'shorts',
    params: { query: `query ${i}` },
    at: Date.now() - i * 60_000,
    durationMs: 300,
    status: 'ok',
    credits: 20,
    results: 10,
    starred: false,
  }));
  localStorage.setItem('web-data-dashboard.history', JSON.stringify(entries));
}
