import { shellWords } from './shell-words.ts';

/**
 * Reads a pasted curl command or bare URL into the GET request it describes: the URL and its
 * query pairs (the URL's own, then `-d`/`--data-urlencode`/`--url-query` ones, in order) and
 * the headers. Pure and total: any text gives a request or a reason, never an exception.
 * Which endpoint and parameters that means is the catalogue's business (api/pasted-request.ts).
 */

export interface PastedCommand {
  kind: 'curl' | 'url';
  url: URL;
  /** Decoded name/value pairs in the order curl would send them. */
  pairs: [string, string][];
  /** Header names in lower case. */
  headers: [string, string][];
  /** What was read differently from how curl would send it, in a sentence each. */
  notes: string[];
  /**
   * Shell variables the command names but the dashboard does not expand (`$KEY` → `KEY`):
   * values that hold one are unknown, not literal text.
   */
  variables: string[];
}

export type PastedCommandResult =
  { ok: true; command: PastedCommand } | { ok: false; reason: string };

/** More than any request the catalogue allows (a 4,096-character URL and a few parameters). */
export const MAX_PASTE_LENGTH = 32_768;

// C0 controls but tab and line ends, DEL, C1 controls, the replacement character a decoder
// leaves for bytes that are not text, and lone surrogates: binary data, not a command.
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** curl options that take a value, short and long (the rest are flags). */
const VALUE_OPTIONS = new Set([
  '-H',
  '--header',
  '-d',
  '--data',
  '--data-raw',
  '--data-ascii',
  '--data-binary',
  '--data-urlencode',
  '--url-query',
  '--url',
  '-X',
  '--request',
  '-o',
  '--output',
  '-u',
  '--user',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-m',
  '--max-time',
  '--connect-timeout',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '-w',
  '--write-out',
  '-x',
  '--proxy',
  '--resolve',
  '--connect-to',
  '--cacert',
  '--capath',
  '-E',
  '--cert',
  '--key',
  '--limit-rate',
  '--max-filesize',
  '-r',
  '--range',
  '-z',
  '--time-cond',
  '--oauth2-bearer',
  '--interface',
  '--dns-servers',
  '-y',
  '--speed-time',
  '-Y',
  '--speed-limit',
  '--max-redirs',
  '--proto',
  '--proto-redir',
  '--cert-type',
  '--key-type',
  '--ciphers',
  '--tls-max',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--abstract-unix-socket',
  '--unix-socket',
]);
/** Options that would read a file, upload, or send a body the API cannot take. */
const REFUSED_OPTIONS: Record<string, string> = {
  '-K': 'reads its options from a file',
  '--config': 'reads its options from a file',
  '-T': 'uploads a file',
  '--upload-file': 'uploads a file',
  '-F': 'sends a form body',
  '--form': 'sends a form body',
  '--form-string': 'sends a form body',
  '--json': 'sends a JSON body',
  '--variable': 'uses curl variables',
  '-q': 'changes how curl reads its configuration',
};
/** Short options that take a value, for `-sSH…` groups and `-XGET` spellings. */
const SHORT_WITH_VALUE = new Set(
  [...VALUE_OPTIONS].filter((o) => /^-\w$/.test(o)).map((o) => o.slice(1)),
);

const DATA_OPTIONS = new Set(['-d', '--data', '--data-ascii', '--data-binary', '--data-raw']);

/** `a=1&b=two+words` → pairs, decoded as a form (`+` is a space); a bad escape is kept as written. */
function formPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}

/** curl's `--data-urlencode` and `--url-query` value: `name=content` (content taken literally). */
function encodedPair(value: string, option: string): [string, string] | string {
  if (option === '--url-query' && value.startsWith('+')) return formPairs(value.slice(1))[0] ?? '';
  const eq = value.indexOf('=');
  if (eq === -1) {
    return value.includes('@')
      ? `${option} ${value.startsWith('@') ? '@file' : 'name@file'} reads a file, which the dashboard does not do.`
      : `${option} without a name (${clip(value)}) was dropped.`;
  }
  if (eq === 0) return `${option} without a name was dropped.`;
  return [value.slice(0, eq), value.slice(eq + 1)];
}

export const clip = (text: string, max = 40) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/**
 * The URL a command names: with a scheme, a path alone (`/search?…`), or, for curl, host/path
 * (curl assumes http://).
 */
function readUrl(raw: string, { hostWithoutScheme }: { hostWithoutScheme: boolean }): URL | string {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  if (!hasScheme && !raw.startsWith('/') && !hostWithoutScheme)
    return 'The pasted text is neither a curl command nor a URL.';
  const withScheme = hasScheme
    ? raw
    : raw.startsWith('/')
      ? `http://localhost${raw}`
      : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return `“${clip(raw)}” is not a URL.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `The URL uses ${url.protocol.slice(0, -1)}: the API answers over http or https only.`;
  return url;
}

/** A URL word that is a shell variable, with at most a slash after it (`$URL`, `${BASE}/`). */
const VARIABLE_URL = /^\$(\w+|\{\w+\})\/?$/;

/** Reads curl's words (after `curl`) into a request. */
function readCurl(args: readonly string[], variables: string[]): PastedCommandResult {
  const positional: string[] = [];
  const data: { option: string; value: string }[] = [];
  const headers: [string, string][] = [];
  const notes: string[] = [];
  let method: string | null = null;
  let explicitGet = false;
  const take = (option: string, value: string): string | null => {
    if (option === '--url') positional.push(value);
    else if (option === '-H' || option === '--header') {
      if (value.startsWith('@'))
        return `-H ${clip(value)} reads headers from a file, which the dashboard does not do.`;
      const colon = value.indexOf(':');
      if (colon > 0)
        headers.push([value.slice(0, colon).trim().toLowerCase(), value.slice(colon + 1).trim()]);
    } else if (option === '-X' || option === '--request') method = value.toUpperCase();
    else if (DATA_OPTIONS.has(option) || option === '--data-urlencode' || option === '--url-query')
      data.push({ option, value });
    return null;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const refused = REFUSED_OPTIONS[arg];
    if (refused)
      return {
        ok: false,
        reason: `curl ${arg} ${refused}: the API takes a GET with its parameters in the URL.`,
      };
    if (arg.startsWith('--')) {
      if (arg === '--get') explicitGet = true;
      else if (VALUE_OPTIONS.has(arg)) {
        const value = args[++i];
        if (value === undefined) return { ok: false, reason: `curl ${arg} is missing its value.` };
        const problem = take(arg, value);
        if (problem) return { ok: false, reason: problem };
      }
      continue;
    }
    // A group of short flags (`-sSLG`), the last of which may take a value (`-sH 'X: y'`, `-XGET`).
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k]!;
      const refusedShort = REFUSED_OPTIONS[`-${letter}`];
      if (refusedShort)
        return {
          ok: false,
          reason: `curl -${letter} ${refusedShort}: the API takes a GET with its parameters in the URL.`,
        };
      if (letter === 'G') explicitGet = true;
      if (!SHORT_WITH_VALUE.has(letter)) continue;
      const value = k + 1 < arg.length ? arg.slice(k + 1) : args[++i];
      if (value === undefined)
        return { ok: false, reason: `curl -${letter} is missing its value.` };
      const problem = take(`-${letter}`, value);
      if (problem) return { ok: false, reason: problem };
      break;
    }
  }
  if (positional.length === 0) return { ok: false, reason: 'The curl command names no URL.' };
  if (positional.length > 1)
    return {
      ok: false,
      reason: `The curl command names ${positional.length} URLs; paste one request at a time.`,
    };
  const rawUrl = positional[0]!;
  if (variables.length > 0 && VARIABLE_URL.test(rawUrl.split('?')[0]!))
    return {
      ok: false,
      reason:
        'The URL is a shell variable, which the dashboard does not expand: paste the command with its URL written out.',
    };
  const url = readUrl(rawUrl, { hostWithoutScheme: true });
  if (typeof url === 'string') return { ok: false, reason: url };
  if (variables.length > 0 && url.pathname.includes('$'))
    return {
      ok: false,
      reason:
        'The URL’s path holds a shell variable, which the dashboard does not expand: paste the command with its path written out.',
    };
  const pairs = formPairs(url.search);
  for (const { option, value } of data) {
    if (option === '--data-urlencode' || option === '--url-query') {
      const pair = encodedPair(value, option);
      if (typeof pair !== 'string') pairs.push(pair);
      else if (pair.includes('reads a file')) return { ok: false, reason: pair };
      else notes.push(pair);
    } else if (value.startsWith('@') && option !== '--data-raw') {
      return {
        ok: false,
        reason: `${option} ${clip(value)} reads a file, which the dashboard does not do.`,
      };
    } else pairs.push(...formPairs(value));
  }
  if (data.length > 0 && !explicitGet && method === null)
    notes.push('The data was read as URL parameters (curl would POST it; the API takes GET).');
  if (method !== null && method !== 'GET' && method !== 'HEAD')
    notes.push(`The method ${clip(method, 12)} was read as GET: the API takes GET only.`);
  return { ok: true, command: { kind: 'curl', url, pairs, headers, notes, variables } };
}

/** True when text is worth reading as a request: it starts like a curl command or a URL. */
export function looksLikeCommand(text: string): boolean {
  return /^\s*(curl(\.exe)?\s|[a-z][a-z0-9+.-]*:\/\/\S|\/[\w-]+\/?(\?|$))/i.test(text.slice(0, 64));
}

/** Reads a pasted curl command or bare URL; refuses anything too long, binary, or that a shell would have to run. */
export function readPastedCommand(text: string): PastedCommandResult {
  if (text.length > MAX_PASTE_LENGTH)
    return {
      ok: false,
      reason: `The pasted text is ${text.length.toLocaleString('en-US')} characters long; a request is at most ${MAX_PASTE_LENGTH.toLocaleString('en-US')}.`,
    };
  if (NOT_TEXT.test(text))
    return {
      ok: false,
      reason: 'The pasted text holds control characters or binary data, not a request.',
    };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'The pasted text is empty.' };
  if (/^curl(\.exe)?\s/i.test(trimmed)) {
    const split = shellWords(trimmed);
    return split.ok ? readCurl(split.words.slice(1), split.variables) : split;
  }
  // A URL is taken as written (no shell reading: `'` is a valid URL character), less one
  // pair of quotes around it.
  const unquoted = /^(['"])(.*)\1$/s.exec(trimmed)?.[2] ?? trimmed;
  if (/\s/.test(unquoted))
    return { ok: false, reason: 'The pasted text is neither a curl command nor a single URL.' };
  const url = readUrl(unquoted, { hostWithoutScheme: false });
  if (typeof url === 'string') return { ok: false, reason: url };
  return {
    ok: true,
    command: {
      kind: 'url',
      url,
      pairs: formPairs(url.search),
      headers: [],
      notes: [],
      variables: [],
    },
  };
}
