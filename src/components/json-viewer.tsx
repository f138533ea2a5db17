import { useState } from 'react';
import { CopyButton } from './copy-button.tsx';

const PAGE = 100;

function summary(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).length}}`;
  return '';
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return (
      <span className="text-emerald-700 dark:text-emerald-400 break-all">
        {JSON.stringify(value)}
      </span>
    );
  if (typeof value === 'number')
    return <span className="text-sky-700 dark:text-sky-400">{String(value)}</span>;
  if (typeof value === 'boolean' || value === null)
    return <span className="text-fuchsia-700 dark:text-fuchsia-400">{String(value)}</span>;
  return <span className="text-slate-500">undefined</span>;
}

/** One collapsible node; children are rendered only once opened, so 10,000-item arrays stay cheap. */
function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name: string;
  value: unknown;
  depth: number;
  openDepth: number;
}) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  const isContainer = value !== null && typeof value === 'object';
  if (!isContainer) {
    return (
      <div className="pl-4">
        <span className="text-slate-600 dark:text-slate-300">{name}: </span>
        <Leaf value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value)
    ? (value as unknown[]).map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="pl-4">
      <summary className="cursor-pointer select-none text-slate-600 dark:text-slate-300">
        {name} <span className="text-slate-500">{summary(value)}</span>
      </summary>
      {open && (
        <>
          {entries.slice(0, shown).map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          ))}
          {entries.length > shown && (
            <button
              type="button"
              className="btn-link pl-4"
              onClick={() => setShown((n) => n + PAGE)}
            >
              Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
            </button>
          )}
        </>
      )}
    </details>
  );
}

/** A read-only, collapsible view of a JSON value, with copy. Strings are shown as text, never as HTML. */
export function JsonViewer({
  value,
  label = 'JSON',
  openDepth = 1,
}: {
  value: unknown;
  label?: string;
  openDepth?: number;
}) {
  return (
    <div className="rounded border border-slate-200 dark:border-slate-700 bg-slate-50 dark:bg-slate-900 p-2 font-mono text-xs overflow-auto max-h-[32rem]">
      <div className="flex justify-end">
        <CopyButton text={() => JSON.stringify(value, null, 2)} label={`Copy ${label}`} />
      </div>
      <Node name={label} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}
