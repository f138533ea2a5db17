export interface PagingBarProps {
  /** What one more page costs ("unknown cost", "≈ 1 credit (measured)"). */
  cost: string;
  /** Null where there is no such page. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onLoadMore: (() => void) | null;
  /** A request runs: paging would send a second one, so the buttons wait. */
  busy: boolean;
  loadingMore: boolean;
  atEnd: boolean;
}

/** Previous / next page (the form's `start`, in the page URL) and "Load more", which appends the next page. */
export function PagingBar({
  cost,
  onPrevious,
  onNext,
  onLoadMore,
  busy,
  loadingMore,
  atEnd,
}: PagingBarProps) {
  return (
    <nav aria-label="Pages of results" className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-secondary"
        disabled={busy || onPrevious === null}
        onClick={onPrevious ?? undefined}
      >
        ← Previous page · {cost}
      </button>
      <button
        type="button"
        className="btn-secondary"
        disabled={busy || onNext === null}
        onClick={onNext ?? undefined}
      >
        Next page · {cost} →
      </button>
      <button
        type="button"
        className="btn-primary"
        disabled={busy || onLoadMore === null}
        onClick={onLoadMore ?? undefined}
      >
        Load more · {cost}
      </button>
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {loadingMore
          ? 'Loading the next page…'
          : atEnd
            ? 'No more videos: that was the last page.'
            : ''}
      </span>
    </nav>
  );
}
