import { useEffect, useId, useState } from 'react';
import { formatBytes } from '../../lib/format.ts';
import { COMPACT_TOP_N } from './lib/storage-budget.ts';
import { setStorageBudget, storageBudget, trackersSize } from './tracker-storage.ts';

const MB = 1024 * 1024;

/**
 * What the trackers' runs take in this browser against their storage budget, which the user
 * sets: past it, the oldest runs keep only their top results (decision 054).
 */
export function StorageBudgetField({ version }: { version: unknown }) {
  const id = useId();
  const [size, setSize] = useState<number | null>(null);
  const [budget, setBudget] = useState<number | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    void Promise.all([trackersSize(), storageBudget()])
      .then(([s, b]) => {
        if (!live) return;
        setSize(s);
        setBudget(b);
        setText(String(Math.round(b / MB)));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [version]);
  if (size === null || budget === null) return null;
  const wanted = /^\d+$/.test(text.trim()) ? Number(text) * MB : null;
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (wanted === null || wanted < MB) return;
        void setStorageBudget(wanted).then(() => setBudget(wanted));
      }}
    >
      <p id={`${id}-size`} data-testid="trackers-storage">
        Runs stored: {formatBytes(size)} of a {formatBytes(budget)} budget. Past it, the oldest runs
        keep only their top {COMPACT_TOP_N} results (ranks and URLs).
      </p>
      <label htmlFor={`${id}-budget`}>Storage budget (MB)</label>
      <input
        id={`${id}-budget`}
        type="text"
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-size`}
        aria-invalid={wanted === null || wanted < MB ? true : undefined}
        className="w-20 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      />
      <button type="submit" className="rounded border border-slate-400 px-3 py-1">
        Set budget
      </button>
    </form>
  );
}
