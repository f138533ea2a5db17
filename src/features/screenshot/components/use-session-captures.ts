import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ImageResult } from '../../../api/requests.ts';
import { useCacheSnapshot } from '../../../components/use-cache-states.ts';
import { screenshotQueries } from '../queries.ts';
import type { Params } from '../../../api/params.ts';
import { isRecord } from '../../../lib/is-record.ts';

export type ImageCapture = Extract<ImageResult, { kind: 'image' }>;

export interface SessionCapture {
  /** The query's hash: stable while the capture is in the session cache. */
  id: string;
  params: Params;
  data: ImageCapture;
}

const isImage = (data: unknown): data is ImageCapture => isRecord(data) && data.kind === 'image';

/**
 * Every screenshot of this session that came back as an image, oldest first: the session
 * cache is the strip's memory, so leaving the view keeps it and a new key empties it.
 */
export function useSessionCaptures(): SessionCapture[] {
  const cache = useQueryClient().getQueryCache();
  const snapshot = useCacheSnapshot((queries) =>
    queries
      .findAll({ queryKey: screenshotQueries.all })
      .filter((q) => isImage(q.state.data))
      .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)
      .map((q) => `${q.queryHash}\n${q.state.dataUpdatedAt}`)
      .join('\n'),
  );
  return useMemo(() => {
    if (!snapshot) return [];
    const lines = snapshot.split('\n');
    const captures: SessionCapture[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const query = cache.get(lines[i]!);
      const data: unknown = query?.state.data;
      if (!query || !isImage(data)) continue;
      captures.push({ id: query.queryHash, params: query.queryKey[2] as Params, data });
    }
    return captures;
  }, [snapshot, cache]);
}
