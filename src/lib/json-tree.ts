/** Pure helpers of the JSON viewer: paths, the rows to draw, and search. */

export interface JsonRow {
  /** `organic_results[3].link`; '' for the root. */
  path: string;
  depth: number;
  name: string;
  value: unknown;
  container: boolean;
  open: boolean;
  /** Entries of a container. */
  size: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** The path of a child: `a[3]`, `a.b`, or `a["odd key"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

export function entriesOf(value: object): [string | number, unknown][] {
  return Array.isArray(value)
    ? value.map((v, i): [number, unknown] => [i, v])
    : Object.entries(value);
}

/**
 * The rows on screen: a node's children are listed only while it is open, so a closed
 * 10,000-item array is one row. `isOpen` decides from the path and depth.
 */
export function visibleRows(
  root: unknown,
  rootName: string,
  isOpen: (path: string, depth: number) => boolean,
): JsonRow[] {
  const rows: JsonRow[] = [];
  const walk = (value: unknown, name: string, path: string, depth: number) => {
    const container = isContainer(value);
    const open = container && isOpen(path, depth);
    const entries = container ? entriesOf(value) : [];
    rows.push({ path, depth, name, value, container, open, size: entries.length });
    if (open)
      for (const [key, child] of entries) walk(child, String(key), childPath(path, key), depth + 1);
  };
  walk(root, rootName, '', 0);
  return rows;
}

/** Paths whose key or primitive value contains `text` (case-insensitive), in document order. */
export function searchJson(root: unknown, text: string, limit = 10_000): string[] {
  const needle = text.toLowerCase();
  if (!needle) return [];
  const found: string[] = [];
  const walk = (value: unknown, key: string, path: string) => {
    if (found.length >= limit) return;
    const hit =
      key.toLowerCase().includes(needle) ||
      (!isContainer(value) && String(value).toLowerCase().includes(needle));
    if (hit && path) found.push(path);
    if (isContainer(value))
      for (const [k, child] of entriesOf(value)) walk(child, String(k), childPath(path, k));
  };
  walk(root, '', '');
  return found;
}

/** The paths of every ancestor of `path` ('' included). */
export function ancestorsOf(path: string): string[] {
  const out = [''];
  const re = /\[[^\]]*\]|\.?[^.[]+/g;
  let prefix = '';
  for (const part of path.match(re) ?? []) {
    prefix += part;
    if (prefix !== path) out.push(prefix);
  }
  return out;
}

/** The value at a path made by `childPath`, or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let current = root;
  const re = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[]+)/g;
  for (const m of path.matchAll(re)) {
    if (!isContainer(current)) return undefined;
    const key =
      m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]!;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
