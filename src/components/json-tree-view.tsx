// The JSON tree itself, loaded when a viewer first opens (json-viewer.tsx): the virtual list
// and the tree code are not needed until someone looks at raw JSON.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { downloadText, fileSlug } from '../lib/download.ts';
import { formatNumber } from '../lib/format.ts';
import {
  ancestorsOf,
  isContainer,
  searchJson,
  valueAt,
  visibleRows,
  type JsonRow,
} from '../lib/json-tree.ts';
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

/** The search field, its count of matches, the steps between them, and Copy for the whole value. */
function JsonSearchBar({
  label,
  text,
  query,
  matchCount,
  onText,
  onStep,
  copyAll,
}: {
  label: string;
  text: string;
  /** The text searched for (deferred): the count is of it. */
  query: string;
  matchCount: number;
  onText: (text: string) => void;
  /** Moves to the next match (1) or the previous one (-1). */
  onStep: (delta: 1 | -1) => void;
  copyAll: () => string;
}) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={searchId} className="sr-only">
        Search {label} keys and values
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search keys and values"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          }
        }}
        className="min-w-40 flex-1 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
      />
      {query && (
        <span role="status" className="text-slate-700 dark:text-slate-300">
          {matchCount
            ? `${formatNumber(matchCount)} match${matchCount === 1 ? '' : 'es'}`
            : 'No match'}
        </span>
      )}
      {matchCount > 0 && (
        <>
          <button type="button" className="btn-small" onClick={() => onStep(-1)}>
            Previous match
          </button>
          <button type="button" className="btn-small" onClick={() => onStep(1)}>
            Next match
          </button>
        </>
      )}
      <CopyButton text={copyAll} label={`Copy ${label}`} />
    </div>
  );
}

/** The node picked in the tree: its path, Copy value, Copy path, Show only this, Download. */
function SelectedNode({
  label,
  path,
  value,
  isRoot,
  onShowOnly,
}: {
  label: string;
  /** Its full path ('' for the whole value). */
  path: string;
  value: unknown;
  /** The node is the root shown: showing only it changes nothing. */
  isRoot: boolean;
  onShowOnly: () => void;
}) {
  return (
    <div
      role="group"
      aria-label="Selected node"
      className="flex flex-wrap items-center gap-2 font-mono"
    >
      <code className="break-all">{path || label}</code>
      <CopyButton text={() => pretty(value)} label="Copy value" />
      <CopyButton text={path} label="Copy path" />
      {!isRoot && isContainer(value) && (
        <button type="button" className="btn-small" onClick={onShowOnly}>
          Show only this
        </button>
      )}
      <button
        type="button"
        className="btn-small"
        onClick={() =>
          downloadText(`${fileSlug(`${label} ${path}`)}.json`, pretty(value), 'application/json')
        }
      >
        Download this part
      </button>
    </div>
  );
}

/** One row of the tree: a container opens and closes, a leaf shows its value; a match is marked. */
function TreeRow({
  row,
  start,
  selected,
  hit,
  onClick,
}: {
  row: JsonRow;
  /** Its offset in the virtual list. */
  start: number;
  selected: boolean;
  hit: boolean;
  onClick: () => void;
}) {
  return (
    <div
      className={`absolute left-0 top-0 flex w-full items-center whitespace-nowrap ${selected ? 'bg-sky-100 dark:bg-sky-900/50' : ''}`}
      style={{
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
        paddingLeft: `${row.depth}rem`,
      }}
    >
      <button
        type="button"
        className="text-left text-slate-700 dark:text-slate-300"
        aria-expanded={row.container ? row.open : undefined}
        aria-label={row.container ? `${row.name}, ${spoken(row)}` : undefined}
        aria-pressed={row.container ? undefined : selected}
        onClick={onClick}
      >
        {row.container && <span aria-hidden="true">{row.open ? '▾ ' : '▸ '}</span>}
        {hit ? (
          <mark className="bg-amber-200 dark:bg-amber-700 dark:text-white">{row.name}</mark>
        ) : (
          row.name
        )}
        {row.container ? <span className="text-slate-500"> {summary(row)}</span> : ': '}
      </button>
      {!row.container && <Leaf value={row.value} />}
    </div>
  );
}

/**
 * A path relative to the narrowed root (`rootPath`) as a path in the whole value: paths in the
 * tree are relative to the root shown, what is copied is the full path.
 */
function fullPathOf(rootPath: string, path: string): string {
  if (!rootPath) return path;
  if (!path) return rootPath;
  return path.startsWith('[') ? rootPath + path : `${rootPath}.${path}`;
}

export interface JsonViewerProps {
  value: unknown;
  label?: string;
  openDepth?: number;
}

export default function JsonTree({ value, label = 'JSON', openDepth = 1 }: JsonViewerProps) {
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

  const selectedValue = selected === null ? undefined : selected ? valueAt(root, selected) : root;

  return (
    <div className="space-y-2 rounded border border-slate-200 bg-slate-50 p-2 text-xs dark:border-slate-700 dark:bg-slate-900">
      <JsonSearchBar
        label={label}
        text={text}
        query={query}
        matchCount={matches.length}
        onText={(next) => {
          setText(next);
          setMatchIndex(0);
        }}
        onStep={(delta) => goToMatch(matchIndex + delta)}
        copyAll={() => pretty(value)}
      />
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
        <SelectedNode
          label={label}
          path={fullPathOf(rootPath, selected)}
          value={selectedValue}
          isRoot={!selected}
          onShowOnly={() => {
            setRootPath(fullPathOf(rootPath, selected));
            setSelected('');
            setToggled(new Set());
          }}
        />
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
            return (
              <TreeRow
                key={row.path || '(root)'}
                row={row}
                start={item.start}
                selected={selected === row.path}
                hit={matchSet.has(row.path)}
                onClick={() => {
                  setSelected(row.path);
                  if (row.container) toggle(row.path);
                }}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
