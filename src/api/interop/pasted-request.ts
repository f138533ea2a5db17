import { clip, readPastedCommand } from '../../lib/interop/pasted-command.ts';
import { keyStandIn } from '../../lib/interop/placeholder-key.ts';
import {
  ENDPOINT_LIST,
  ENDPOINTS,
  type EndpointId,
  type EndpointSpec,
  type ParamSpec,
} from '../endpoints.ts';
import { parseBoolean, type Params } from '../params.ts';
import { API_KEY_HEADER, API_KEY_PATTERN } from '../proxy-contract.ts';

/**
 * A pasted curl command or API URL, read against the catalogue: which view it is for and the
 * form values that reproduce it. The key it carries is handed back on its own, never among
 * the form values, so the caller can offer it without storing it anywhere.
 */
export interface PastedRequest {
  endpoint: EndpointId;
  /** The form's values (booleans and choices written as the form writes them). */
  params: Params;
  /** Parameter names the catalogue does not know for this endpoint (their values are dropped). */
  dropped: string[];
  /** What else was read differently from the text, a sentence each (never quoting the key). */
  notes: string[];
  /** A usable key found in the text (`api_key` or the `X-Api-Key` header), else null. */
  apiKey: string | null;
  /** The text named a key parameter or header, usable or not (a placeholder, a mask). */
  namedKey: boolean;
  kind: 'curl' | 'url';
}

export type PastedRequestResult =
  | { ok: true; request: PastedRequest }
  | {
      ok: false;
      reason: string;
      /** A path of the vendor's that this API does not have, and the view nearest to it. */
      nearest?: EndpointId;
    };

export interface PasteContext {
  /** Live path renames (neutral name → upstream name), as the server's meta reports them. */
  pathMap?: Readonly<Record<string, string>>;
}

const isKeyName = (name: string) => name.trim().toLowerCase() === 'api_key';

/**
 * The live service's own names for the paths the interface writes neutrally
 * (upstream-notes.md, Names), as its documentation and public code call them. A paste reads
 * them whatever `API_PATH_MAP` says, so a URL copied from those docs opens its view in
 * sandbox mode too.
 */
export const VENDOR_PATHS: Readonly<Record<string, EndpointId>> = {
  google_shorts: 'shorts',
  google_autocomplete: 'autocomplete',
  zillow: 'realty',
};

/**
 * Paths of the vendor's that this API does not have, and the view that comes nearest: its
 * web search (`/google`, the path most public code calls) and its other engine products
 * answer organic results like Search; its video search answers like Short videos.
 */
function nearestView(last: string): EndpointId | undefined {
  if (last === 'google_videos') return 'shorts';
  if (last === 'google' || last.startsWith('google_')) return 'search';
  if (last.startsWith('zillow_')) return 'realty';
  return undefined;
}

/** The last segment of a path, less one trailing slash (`/api/search/` → `search`). */
const lastSegment = (pathname: string) => {
  const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
};

/**
 * The endpoint a path names by its last segment, with or without a trailing slash, under any
 * host or prefix (`https://api.example.com/search`, `/api/search/`, a live rename, the
 * vendor's own name).
 */
export function endpointForPastedPath(
  pathname: string,
  { pathMap = {} }: PasteContext = {},
): EndpointSpec | undefined {
  const last = lastSegment(pathname);
  const vendor = Object.hasOwn(VENDOR_PATHS, last) ? VENDOR_PATHS[last] : undefined;
  return ENDPOINT_LIST.find((spec) => {
    const name = spec.path.slice(1);
    return (
      last === name || spec.id === vendor || (pathMap[name] !== undefined && last === pathMap[name])
    );
  });
}

/** True when a value uses one of the command's unexpanded shell variables (`$Q`, `${Q}`). */
const holdsVariable = (value: string, variables: readonly string[]) =>
  variables.some((name) => value.includes(`$${name}`) || value.includes(`\${${name}}`));

/** The value as the form holds it: on/off as true/false, a choice in its catalogue spelling. */
function formValue(param: ParamSpec, value: string): string {
  if (param.type === 'boolean') {
    const b = parseBoolean(value);
    return b === undefined ? value : String(b);
  }
  if (param.type === 'enum')
    return (
      param.options.find((o) => o.value.toLowerCase() === value.trim().toLowerCase())?.value ??
      value
    );
  return value;
}

/** Reads pasted text as a request of one of the catalogue's endpoints. */
export function readPastedRequest(text: string, context: PasteContext = {}): PastedRequestResult {
  const read = readPastedCommand(text);
  if (!read.ok) return read;
  const { url, pairs, headers, notes, kind } = read.command;
  const spec = endpointForPastedPath(url.pathname, context);
  if (!spec) {
    const path = clip(url.pathname, 60);
    const nearest = nearestView(lastSegment(url.pathname));
    if (nearest) {
      const view = ENDPOINTS[nearest];
      return {
        ok: false,
        nearest,
        reason: `The path ${path} is not one of this API's endpoints; the nearest is ${view.title} (${view.path}): ${view.summary} Paste the request with ${view.path} to open it there.`,
      };
    }
    const known = ENDPOINT_LIST.map((e) => e.path).join(', ');
    return {
      ok: false,
      reason: `The path ${path} is not one of the API's endpoints (${known}).`,
    };
  }
  const keys = [
    ...pairs.filter(([name]) => isKeyName(name)).map(([, value]) => value),
    ...headers.filter(([name]) => name === API_KEY_HEADER).map(([, value]) => value),
  ];
  const usable = (k: string) => API_KEY_PATTERN.test(k) && keyStandIn(k) === null;
  const apiKey = keys.map((k) => k.trim()).find(usable) ?? null;
  const out: PastedRequest = {
    endpoint: spec.id,
    params: {},
    dropped: [],
    notes: [...notes],
    apiKey,
    namedKey: keys.length > 0,
    kind,
  };
  if (keys.length > 0 && apiKey === null)
    out.notes.push(
      keys.some((k) => keyStandIn(k) === 'variable' || holdsVariable(k, read.command.variables))
        ? 'The key in the text is a variable, which the dashboard does not read, so none was offered: set yours with Set API key.'
        : 'The key in the text is a placeholder or masked, so it was not offered: set yours with Set API key.',
    );
  const unknown = new Set<string>();
  const seen = new Map<string, number>();
  for (const [name, value] of pairs) {
    if (isKeyName(name)) continue;
    const param = spec.params.find((p) => p.name === name);
    if (!param) {
      if (!out.dropped.includes(clip(name))) out.dropped.push(clip(name));
      continue;
    }
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    // The first value wins, as the sandbox and most servers read a repeated parameter.
    if (count === 1 && holdsVariable(value, read.command.variables)) unknown.add(name);
    else if (count === 1 && value.trim() !== '') out.params[name] = formValue(param, value);
  }
  if (unknown.size > 0)
    out.notes.push(
      `${[...unknown].join(', ')} ${unknown.size === 1 ? 'is' : 'are'} a shell variable, which the dashboard does not read: fill ${unknown.size === 1 ? 'it' : 'them'} in.`,
    );
  for (const [name, count] of seen)
    if (count > 1) out.notes.push(`${name} was given ${count} times: the first value is kept.`);
  return { ok: true, request: out };
}
