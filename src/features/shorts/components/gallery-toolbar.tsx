import { useId } from 'react';
import { countBy, type GalleryFilters, type GalleryVideo } from '../lib/videos.ts';
import type { GalleryLayout } from './video-card.tsx';

const control =
  'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900';

export interface GalleryToolbarProps {
  videos: readonly GalleryVideo[];
  filters: GalleryFilters;
  onFilter: (name: keyof GalleryFilters, value: string) => void;
  layout: GalleryLayout;
  onLayout: (layout: GalleryLayout) => void;
}

/** Filters over the loaded videos (account, words in titles) and the layout switch; sources are SourceCounts. */
export function GalleryToolbar({
  videos,
  filters,
  onFilter,
  layout,
  onLayout,
}: GalleryToolbarProps) {
  const id = useId();
  const accounts = countBy(videos, 'account_name');
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-account`} className="block text-xs font-medium">
          Account
        </label>
        <select
          id={`${id}-account`}
          className={control}
          value={filters.account}
          onChange={(e) => onFilter('account', e.target.value)}
        >
          <option value="">All accounts ({accounts.length})</option>
          {accounts.map((a) => (
            <option key={a.value} value={a.value}>
              {a.value} ({a.count})
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-text`} className="block text-xs font-medium">
          Title contains
        </label>
        <input
          id={`${id}-text`}
          type="search"
          className={control}
          value={filters.text}
          placeholder="words in titles"
          onChange={(e) => onFilter('text', e.target.value)}
        />
      </div>
      <fieldset className="flex items-center gap-1">
        <legend className="mb-1 text-xs font-medium">Layout</legend>
        {(['grid', 'list'] as const).map((l) => (
          <label
            key={l}
            className="cursor-pointer rounded border border-slate-300 px-2 py-1.5 text-sm has-[:checked]:bg-sky-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 dark:border-slate-600"
          >
            <input
              type="radio"
              name={`${id}-layout`}
              value={l}
              checked={layout === l}
              onChange={() => onLayout(l)}
              className="sr-only"
            />
            {l === 'grid' ? 'Grid' : 'List'}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
