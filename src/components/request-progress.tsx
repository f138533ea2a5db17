import { useEffect, useState } from 'react';

/** Says a request is running, for how long, that it may take a minute, and offers Cancel. */
export function RequestProgress({ label, onCancel }: { label: string; onCancel: () => void }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const seconds = Math.floor((now - started) / 1000);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded border border-sky-300 dark:border-sky-800 bg-sky-50 dark:bg-sky-950/40 p-3"
    >
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-sky-600 border-t-transparent"
      />
      <span className="min-w-0 flex-1">
        {/* "Running the short videos request…", not "Short videos running…" (a title is no verb's subject). */}
        Running the {label.toLowerCase()} request…{' '}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {seconds >= 15
            ? 'Still working: the service may take up to a minute.'
            : 'A request can take up to a minute.'}
        </span>
      </span>
      {/*
       * The clock sits apart, in a width of its own: appearing or gaining a digit inside the
       * sentence it would push the words after it along (a layout shift every second). A
       * screen reader is not read the seconds aloud one by one.
       */}
      <span aria-hidden="true" className="min-w-[4ch] text-right tabular-nums">
        {seconds} s
      </span>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
