import { formatNumber } from '../lib/format.ts';

/** "Show 100 more (11,900 not shown yet)" under a list cut by useRenderLimit. */
export function ShowMoreButton({
  hidden,
  step,
  onClick,
}: {
  hidden: number;
  step: number;
  onClick: () => void;
}) {
  if (hidden <= 0) return null;
  return (
    <button type="button" className="btn-secondary" onClick={onClick}>
      Show {formatNumber(Math.min(step, hidden))} more ({formatNumber(hidden)} not shown yet)
    </button>
  );
}
