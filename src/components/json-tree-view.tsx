// The JSON tree itself, loaded when a viewer first opens (json-viewer.tsx): the virtual list
// and the tree code are not needed until someone looks at raw JSON.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { downloadText, fileSlug } from '../lib/download.ts';
import { formatNumber } from '../lib/format.ts';
import { ancestorsOf, searchJson, valueAt, visibleRows, type JsonRow } from '../lib/json-tree.ts';
import { CopyButton } from './copy-button.tsx';

const ROW_HEIGHT = 20;
/** Ancestors of at most this many matches are opened, so a search never lists the world. */
const OPEN_FOR_MATCHES = 200;
const UNMEASURED_ROWS = 60;

function summary(row: JsonRow): string {
  return Array.isArray(row.value) ? `[${row.size}]` : `{${row.size}}`;
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return (
      <span className="text-emerald-700 dark:text-emerald-400">
        {JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value)}
      </span>
    );
  if (typeof value === 'number')
    return <span className="text-sky-700 dark:text-sky-400">{String(value)}</span>;
  if (typeof value === 'boolean' || value === null)
    return <span className="text-fuchsia-700 dark:text-fuchsia-400">{String(value)}</span>;
  return <span className="text-slate-500">undefined</span>;
}

const spoken = (row: JsonRow) =>
  Array.isArray(row.value)
    ? `${row.size} item${row.size === 1 ? '' : 's'}`
    : `${row.size} key${row.size === 1 ? '' : 's'}`;

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

export interface JsonViewerProps {
  value: unknown;
  label?: string;
  openDepth?: number;
}

export default function JsonTree({ value, label = 'JSON', openDepth = 1 }: JsonViewerProps) {
  const searchId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [rootPath, setRootPath] = useState('');
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const [matchIndex, setMatchIndex] = useState(0);

  const root = rootPath ? valueAt(value, rootPath) : value;
  const matches = useMemo(() => searchJson(root, query), [root, query]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const forced = useMemo(
    () => new Set(matches.slice(0, OPEN_FOR_MATCHES).flatMap(ancestorsOf)),
    [matches],
  );
  const rows = useMemo(
    () =>
      visibleRows(root, rootPath || label, (path, depth) => {
        const byDefault = depth < openDepth || forced.has(path);
        return toggled.has(path) ? !byDefault : byDefault;
      }),
    [root, rootPath, label, openDepth, forced, toggled],
  );

  // The virtualizer is read fresh on every render; nothing here memoizes what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  // Until the tree has a size (inside a closed <details>, or with no layout engine) the
  // virtualizer draws nothing: the first rows are drawn as they are.
  const measured = virtualizer.getVirtualItems();
  const drawn = measured.length
    ? measured
    : rows.slice(0, UNMEASURED_ROWS).map((_, index) => ({ index, start: index * ROW_HEIGHT }));

  const toggle = (path: string) =>
    setToggled((t) => {
      const next = new Set(t);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const goToMatch = (i: number) => {
    if (!matches.length) return;
    const index = (i + matches.length) % matches.length;
    setMatchIndex(index);
    setSelected(matches[index]!);
    const row = rows.findIndex((r) => r.path === matches[index]);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'center' });
  };

  // Paths are relative to the narrowed root; what is copied is the full path.
  const fullPath = (path: string) =>
    !rootPath
      ? path
      : !path
        ? rootPath
        : path.startsWith('[')
          ? rootPath + path
          : `${rootPath}.${path}`;
  const selectedValue = selected === null ? undefined : selected ? valueAt(root, selected) : root;

  return (
    <div className="space-y-2 rounded border border-slate-200 bg-slate-50 p-2 text-xs dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search {label} keys and values
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search keys and values"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setMatchIndex(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              goToMatch(matchIndex + (e.shiftKey ? -1 : 1));
            }
          }}
          className="min-w-40 flex-1 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
        />
        {query && (
          <span role="status" className="text-slate-700 dark:text-slate-300">
            {matches.length
              ? `${formatNumber(matches.length)} match${matches.length === 1 ? '' : 'es'}`
              : 'No match'}
          </span>
        )}
        {matches.length > 0 && (
          <>
            <button type="button" className="btn-small" onClick={() => goToMatch(matchIndex - 1)}>
              Previous match
            </button>
            <button type="button" className="btn-small" onClick={() => goToMatch(matchIndex + 1)}>
              Next match
            </button>
          </>
        )}
        <CopyButton text={() => pretty(value)} label={`Copy ${label}`} />
      </div>
      {rootPath && (
        <p className="flex flex-wrap items-center gap-2">
          Showing only <code className="font-mono">{rootPath}</code>
          <button
            type="button"
            className="btn-small"
            onClick={() => {
              setRootPath('');
              setSelected(null);
            }}
          >
            Show all
          </button>
        </p>
      )}
      {selected !== null && (
        <div
          role="group"
          aria-label="Selected node"
          className="flex flex-wrap items-center gap-2 font-mono"
        >
          <code className="break-all">{fullPath(selected) || label}</code>
          <CopyButton text={() => pretty(selectedValue)} label="Copy value" />
          <CopyButton text={fullPath(selected)} label="Copy path" />
          {selected && typeof selectedValue === 'object' && selectedValue !== null && (
            <button
              type="button"
              className="btn-small"
              onClick={() => {
                setRootPath(fullPath(selected));
                setSelected('');
                setToggled(new Set());
              }}
            >
              Show only this
            </button>
          )}
          <button
            type="button"
            className="btn-small"
            onClick={() =>
              downloadText(
                `${fileSlug(`${label} ${fullPath(selected)}`)}.json`,
                pretty(selectedValue),
                'application/json',
              )
            }
          >
            Download this part
          </button>
        </div>
      )}
      <div
        ref={scrollRef}
        role="group"
        aria-label={`${label} tree`}
        className="max-h-[32rem] overflow-auto font-mono"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {drawn.map((item) => {
            const row = rows[item.index]!;
            const hit = matchSet.has(row.path);
            return (
              <div
                key={row.path || '(root)'}
                className={`absolute left-0 top-0 flex w-full items-center whitespace-nowrap ${selected === row.path ? 'bg-sky-100 dark:bg-sky-900/50' : ''}`}
                style={{
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                  paddingLeft: `${row.depth}rem`,
                }}
              >
                <button
                  type="button"
                  className="text-left text-slate-700 dark:text-slate-300"
                  aria-expanded={row.container ? row.open : undefined}
                  aria-label={row.container ? `${row.name}, ${spoken(row)}` : undefined}
                  aria-pressed={row.container ? undefined : selected === row.path}
                  onClick={() => {
                    setSelected(row.path);
                    if (row.container) toggle(row.path);
                  }}
                >
                  {row.container && <span aria-hidden="true">{row.open ? '▾ ' : '▸ '}</span>}
                  {hit ? (
                    <mark className="bg-amber-200 dark:bg-amber-700 dark:text-white">
                      {row.name}
                    </mark>
                  ) : (
                    row.name
                  )}
                  {row.container ? <span className="text-slate-500"> {summary(row)}</span> : ': '}
                </button>
                {!row.container && <Leaf value={row.value} />}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
