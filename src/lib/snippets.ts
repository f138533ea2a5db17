/** What snippets and copied URLs show in place of the key unless the user opts in. */
export const KEY_PLACEHOLDER = '<API_KEY>';

export type SnippetLanguage = 'curl' | 'javascript' | 'python' | 'go' | 'php' | 'ruby';

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
// Go's interpreted strings read JSON's escapes (\uXXXX included; params never hold a lone surrogate).
const goString = (s: string) => JSON.stringify(s);
/** PHP and Ruby single-quoted strings: only `\` and `'` are special (no interpolation). */
const singleQuoted = (s: string) => `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;

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
    // Node (an ES module): an image is saved to its file, as the other five languages do.
    return [
      ...(t.imageFile ? [`import { writeFile } from "node:fs/promises";`, ``] : []),
      `const params = new URLSearchParams({`,
      ...entries,
      `});`,
      `const res = await fetch(${jsString(url)} + "?" + params);`,
      `if (!res.ok) throw new Error(\`HTTP \${res.status}: \${await res.text()}\`);`,
      t.imageFile
        ? `await writeFile(${jsString(t.imageFile)}, new Uint8Array(await res.arrayBuffer()));`
        : `const data = await res.json();`,
    ].join('\n');
  }
  if (language === 'python') return python(url, pairs(t, key), t.imageFile);
  if (language === 'go') return go(url, pairs(t, key), t.imageFile);
  if (language === 'php') return php(url, pairs(t, key), t.imageFile);
  return ruby(url, pairs(t, key), t.imageFile);
}

const pairs = (t: SnippetTarget, key: string): (readonly [string, string])[] => [
  ...t.params,
  ['api_key', key],
];

type Pairs = readonly (readonly [string, string])[];

function python(url: string, params: Pairs, imageFile: string | undefined): string {
  const read = imageFile
    ? `open(${pyString(imageFile)}, "wb").write(res.content)`
    : 'data = res.json()';
  return [
    'import requests',
    '',
    'params = {',
    ...params.map(([k, v]) => `    ${pyString(k)}: ${pyString(v)},`),
    '}',
    `res = requests.get(${pyString(url)}, params=params, timeout=90)`,
    'res.raise_for_status()',
    read,
  ].join('\n');
}

function go(url: string, params: Pairs, imageFile: string | undefined): string {
  return [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"net/url"',
    ...(imageFile ? ['\t"os"'] : []),
    '\t"time"',
    ')',
    '',
    'func main() {',
    '\tparams := url.Values{}',
    ...params.map(([k, v]) => `\tparams.Set(${goString(k)}, ${goString(v)})`),
    '\tclient := &http.Client{Timeout: 90 * time.Second}',
    `\tres, err := client.Get(${goString(`${url}?`)} + params.Encode())`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tbody, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tif res.StatusCode != http.StatusOK {',
    '\t\tpanic(fmt.Sprintf("HTTP %d: %s", res.StatusCode, body))',
    '\t}',
    ...(imageFile
      ? [
          `\tif err := os.WriteFile(${goString(imageFile)}, body, 0o644); err != nil {`,
          '\t\tpanic(err)',
          '\t}',
        ]
      : ['\tfmt.Println(string(body))']),
    '}',
  ].join('\n');
}

function php(url: string, params: Pairs, imageFile: string | undefined): string {
  return [
    '<?php',
    '$params = http_build_query([',
    ...params.map(([k, v]) => `    ${singleQuoted(k)} => ${singleQuoted(v)},`),
    "], '', '&', PHP_QUERY_RFC3986);",
    `$ch = curl_init(${singleQuoted(`${url}?`)} . $params);`,
    'curl_setopt_array($ch, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 90]);',
    '$body = curl_exec($ch);',
    'if ($body === false) {',
    '    throw new RuntimeException(curl_error($ch));',
    '}',
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    'if ($status !== 200) {',
    '    throw new RuntimeException("HTTP $status: $body");',
    '}',
    imageFile
      ? `file_put_contents(${singleQuoted(imageFile)}, $body);`
      : '$data = json_decode($body, true, 512, JSON_THROW_ON_ERROR);',
  ].join('\n');
}

function ruby(url: string, params: Pairs, imageFile: string | undefined): string {
  return [
    "require 'json'",
    "require 'net/http'",
    '',
    `uri = URI(${singleQuoted(url)})`,
    'uri.query = URI.encode_www_form(',
    ...params.map(([k, v]) => `  ${singleQuoted(k)} => ${singleQuoted(v)},`),
    ')',
    "res = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https', read_timeout: 90) do |http|",
    '  http.get(uri.request_uri)',
    'end',
    'raise "HTTP #{res.code}: #{res.body}" unless res.is_a?(Net::HTTPOK)',
    imageFile
      ? `File.binwrite(${singleQuoted(imageFile)}, res.body)`
      : 'data = JSON.parse(res.body)',
  ].join('\n');
}
