import { countBy, type GalleryVideo } from '../lib/videos.ts';
import { SourceLogo } from './source-logo.tsx';

/** Videos per platform among the loaded ones; pressing one filters by it. */
export function SourceCounts({
  videos,
  selected,
  onSelect,
}: {
  videos: readonly GalleryVideo[];
  selected: string;
  onSelect: (source: string) => void;
}) {
  const counts = countBy(videos, 'source');
  const logoOf = (source: string) =>
    videos.find((v) => v.video.source === source)?.video.source_logo;
  return (
    <ul aria-label="Videos per source" className="flex flex-wrap gap-2">
      {counts.map(({ value, count }) => (
        <li key={value}>
          <button
            type="button"
            className="btn-chip flex items-center gap-1"
            aria-pressed={selected === value}
            onClick={() => onSelect(selected === value ? '' : value)}
          >
            <SourceLogo logo={logoOf(value)} />
            {value} <span className="font-semibold">{count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
