import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import type { GalleryFilters } from '../lib/videos.ts';
import type { GalleryLayout } from './video-card.tsx';

/** View settings in the page URL beside the request's own parameters. */
const FILTER_PARAMS: Record<keyof GalleryFilters, string> = {
  source: 'source',
  account: 'account',
  text: 'title',
};

/** How the gallery is shown (its layout and filters, from the page URL) and what changes it. */
export function useGalleryView() {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const layout: GalleryLayout = searchParams.get('layout') === 'list' ? 'list' : 'grid';
  const filters: GalleryFilters = {
    source: searchParams.get(FILTER_PARAMS.source) ?? '',
    account: searchParams.get(FILTER_PARAMS.account) ?? '',
    text: searchParams.get(FILTER_PARAMS.text) ?? '',
  };
  return {
    layout,
    filters,
    setFilter: (name: keyof GalleryFilters, value: string | null) =>
      setViewParam(FILTER_PARAMS[name], value),
    setLayout: (l: GalleryLayout) => setViewParam('layout', l === 'grid' ? null : l),
    clearFilters: () => Object.values(FILTER_PARAMS).forEach((name) => setViewParam(name, null)),
  };
}

export type GalleryView = ReturnType<typeof useGalleryView>;
