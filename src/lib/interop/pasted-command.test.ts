import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  looksLikeCommand,
  MAX_PASTE_LENGTH,
  readPastedCommand,
  type PastedCommand,
} from './pasted-command.ts';

const read = (text: string): PastedCommand => {
  const result = readPastedCommand(text);
  if (!result.ok) throw new Error(result.reason);
  return result.command;
};
const reason = (text: string) => {
  const result = readPastedCommand(text);
  return result.ok ? null : result.reason;
};

describe('readPastedCommand', () => {
  test('a curl command with the parameters in its quoted URL', () => {
    const command = read(
      `curl 'https://api.example.com/search?api_key=k1&query=green%20tea&country=de'`,
    );
    expect(command.kind).toBe('curl');
    expect(command.url.host).toBe('api.example.com');
    expect(command.url.pathname).toBe('/search');
    expect(command.pairs).toEqual([
      ['api_key', 'k1'],
      ['query', 'green tea'],
      ['country', 'de'],
    ]);
    expect(command.notes).toEqual([]);
  });

  test('-G with --data-urlencode pairs, double quotes and line continuations', () => {
    const command = read(
      'curl -G "https://api.example.com/search/" \\\n  --data-urlencode "query=50% off & more" \\\n  --data-urlencode \'api_key=k2\' -sS',
    );
    expect(command.url.pathname).toBe('/search/');
    expect(command.pairs).toEqual([
      ['query', '50% off & more'],
      ['api_key', 'k2'],
    ]);
    expect(command.notes).toEqual([]);
  });

  test('-d pairs are decoded as a form; without -G they are still read as URL parameters, and said so', () => {
    const command = read(`curl https://x.example/search -d 'query=a+b%26c&country=gb'`);
    expect(command.pairs).toEqual([
      ['query', 'a b&c'],
      ['country', 'gb'],
    ]);
    expect(command.notes).toEqual([expect.stringMatching(/curl would POST it/)]);
  });

  test('--url, --url-query, headers and grouped short options', () => {
    const command = read(
      `curl -sSLG --url https://x.example/search --url-query 'query=x y' --url-query '+country=d%65' -H 'X-Api-Key: k3' -XGET`,
    );
    expect(command.pairs).toEqual([
      ['query', 'x y'],
      ['country', 'de'],
    ]);
    expect(command.headers).toEqual([['x-api-key', 'k3']]);
    expect(command.notes).toEqual([]);
  });

  test('options that take values do not leave their values as URLs', () => {
    const command = read(
      `curl -o out.json -A 'agent 1' --max-time 90 -H 'Accept: application/json' https://x.example/account`,
    );
    expect(command.url.pathname).toBe('/account');
  });

  test('a host without a scheme, as curl reads it, and a method other than GET said so', () => {
    const command = read('curl -X POST x.example/search?query=tea');
    expect(command.url.href).toBe('http://x.example/search?query=tea');
    expect(command.notes).toEqual([expect.stringMatching(/POST was read as GET/)]);
  });

  test('a bare URL, or a bare path, with repeated parameters kept in order', () => {
    expect(read('  https://x.example/search?query=a&query=b\n').pairs).toEqual([
      ['query', 'a'],
      ['query', 'b'],
    ]);
    expect(read('/search?query=tea').url.pathname).toBe('/search');
    expect(read('https://x.example/search').kind).toBe('url');
  });

  test.each([
    ['curl -d @body.txt https://x.example/search', /reads a file/],
    ['curl --data-urlencode query@words.txt https://x.example/search', /reads a file/],
    ['curl -H @headers.txt https://x.example/search', /reads headers from a file/],
    ['curl -K config.txt', /reads its options from a file/],
    ['curl -F a=b https://x.example/search', /form body/],
    ['curl -T file https://x.example/search', /uploads a file/],
    ['curl --json {} https://x.example/search', /JSON body/],
    ['curl -s', /names no URL/],
    ['curl https://a.example/search https://b.example/search', /2 URLs/],
    ['curl -H', /missing its value/],
    ['curl file:///etc/passwd', /http or https only/],
    ['tea and biscuits', /neither a curl command nor a single URL/],
    ['tea', /neither a curl command nor a URL/],
    ['', /empty/],
    ['curl https://x.example/search; rm -rf /', /second command/],
  ])('refuses %s clearly', (text, expected) => {
    expect(reason(text)).toMatch(expected);
  });

  test('refuses very long text before reading it, saying how long', () => {
    const text = `curl 'https://x.example/search?query=${'a'.repeat(MAX_PASTE_LENGTH)}'`;
    expect(reason(text)).toMatch(/characters long; a request is at most 32,768/);
  });

  test('refuses binary data', () => {
    expect(reason('curl https://x.example/search?query=\u0000')).toMatch(/binary/);
    expect(reason('curl https://x.example/\ufffd')).toMatch(/binary/);
    expect(reason('curl https://x.example/\ud800')).toMatch(/binary/);
  });

  test('never throws and always says why, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 120 }),
          fc.string({ maxLength: 120 }).map((s) => `curl ${s}`),
          fc.string({ maxLength: 120 }).map((s) => `https://${s}`),
        ),
        (text) => {
          const result = readPastedCommand(text);
          if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
        },
      ),
    );
  });
});

describe('looksLikeCommand', () => {
  test('curl commands, URLs and API paths, not ordinary text', () => {
    expect(looksLikeCommand("curl 'https://x'")).toBe(true);
    expect(looksLikeCommand('  https://x.example/search')).toBe(true);
    expect(looksLikeCommand('/search?query=tea')).toBe(true);
    expect(looksLikeCommand('curling stones')).toBe(false);
    expect(looksLikeCommand('green tea')).toBe(false);
    expect(looksLikeCommand('a/b')).toBe(false);
  });
});
