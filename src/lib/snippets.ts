/** What snippets and copied URLs show in place of the key unless the user opts in. */
export const KEY_PLACEHOLDER = '<API_KEY>';

export type SnippetLanguage = 'curl' | 'javascript' | 'python';

export interface SnippetTarget {
  /** Absolute base, e.g. https://api.example.com or http://127.0.0.1:5173/api */
  base: string;
  /** Upstream path, after any rename (e.g. /search). */
  path: string;
  /** Wire parameters without the key. */
  params: readonly [string, string][];
  /** The key to show; the placeholder unless the user opts in. */
  apiKey?: string;
  /** For an image endpoint: the file the snippet saves the bytes to (e.g. screenshot.png). */
  imageFile?: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const jsString = (s: string) => JSON.stringify(s);
const pyString = (s: string) => JSON.stringify(s);

export function buildSnippet(language: SnippetLanguage, t: SnippetTarget): string {
  const key = t.apiKey ?? KEY_PLACEHOLDER;
  const url = `${t.base}${t.path}`;
  if (language === 'curl') {
    const out = t.imageFile ? ` -o ${shellQuote(t.imageFile)}` : '';
    return `curl -G ${shellQuote(url)}${out} \\\n${[...t.params, ['api_key', key] as const]
      .map(([k, v]) => `  --data-urlencode ${shellQuote(`${k}=${v}`)}`)
      .join(' \\\n')}`;
  }
  if (language === 'javascript') {
    const entries = [...t.params, ['api_key', key] as const].map(
      ([k, v]) => `  ${jsString(k)}: ${jsString(v)},`,
    );
    const read = t.imageFile ? 'await res.blob()' : 'await res.json()';
    return [
      `const params = new URLSearchParams({`,
      ...entries,
      `});`,
      `const res = await fetch(${jsString(url)} + "?" + params);`,
      `if (!res.ok) throw new Error(\`HTTP \${res.status}: \${await res.text()}\`);`,
      `const data = ${read};`,
    ].join('\n');
  }
  const entries = [...t.params, ['api_key', key] as const].map(
    ([k, v]) => `    ${pyString(k)}: ${pyString(v)},`,
  );
  const read = t.imageFile
    ? `open(${pyString(t.imageFile)}, "wb").write(res.content)`
    : 'data = res.json()';
  return [
    'import requests',
    '',
    'params = {',
    ...entries,
    '}',
    `res = requests.get(${pyString(url)}, params=params, timeout=90)`,
    'res.raise_for_status()',
    read,
  ].join('\n');
}
