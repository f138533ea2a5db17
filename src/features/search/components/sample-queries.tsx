import { useState, type KeyboardEvent } from 'react';

/**
 * The sandbox's sample queries, on the heading's line. One Tab stop for the row (a toolbar:
 * arrows move along it), so the keyboard reaches the query field after one stop, not seven.
 */
export function SampleQueries({
  samples,
  onPick,
}: {
  samples: readonly string[];
  onPick: (query: string) => void;
}) {
  const [current, setCurrent] = useState(0);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (current + step + samples.length) % samples.length;
    setCurrent(next);
    e.currentTarget.querySelectorAll('button')[next]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label="Sandbox queries"
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-1 items-center gap-2 overflow-x-auto text-sm whitespace-nowrap [scrollbar-width:none]"
    >
      <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
        Sandbox queries:
      </span>
      {samples.map((q, i) => (
        <button
          key={q}
          type="button"
          tabIndex={i === current ? 0 : -1}
          className="btn-chip"
          onClick={() => {
            setCurrent(i);
            onPick(q);
          }}
        >
          {q}
        </button>
      ))}
    </div>
  );
}
