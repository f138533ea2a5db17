import { useQuery } from '@tanstack/react-query';
import { metaQueries } from '../api/meta-queries.ts';

/**
 * Whether the dashboard's `/api` answers from the built-in sandbox (the server says so in its
 * meta, read once): some help exists only there (the webhook inbox, the tour).
 */
export function useSandboxMode(): boolean {
  return useQuery(metaQueries.current()).data?.mode === 'sandbox';
}
