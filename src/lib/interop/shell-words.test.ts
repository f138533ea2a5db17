import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shellWords } from './shell-words.ts';

const words = (text: string) => {
  const result = shellWords(text);
  if (!result.ok) throw new Error(result.reason);
  return result.words;
};

const refused = (text: string) => {
  const result = shellWords(text);
  return result.ok ? null : result.reason;
};

/** The three ways a person or a tool quotes a word for a POSIX shell. */
const singleQuoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const doubleQuoted = (s: string) => `"${s.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
const cQuoted = (s: string) =>
  `$'${[...s]
    .map((c) =>
      c === "'" || c === '\\'
        ? `\\${c}`
        : c === '\n'
          ? '\\n'
          : c.charCodeAt(0) < 0x20
            ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
            : c,
    )
    .join('')}'`;

describe('shellWords', () => {
  test('reads single, double and $ quotes, escapes and line continuations', () => {
    expect(words(`curl 'a b' "c \\"d\\"" $'e\\tf\\'' g\\ h`)).toEqual([
      'curl',
      'a b',
      'c "d"',
      "e\tf'",
      'g h',
    ]);
    expect(words('curl -G \\\n  --data-urlencode q=1 \\\r\n  x')).toEqual([
      'curl',
      '-G',
      '--data-urlencode',
      'q=1',
      'x',
    ]);
    // Quotes inside a word join it; an empty quote is a word of its own.
    expect(words(`a'b'"c" ''`)).toEqual(['abc', '']);
    // $'…' hex and unicode escapes.
    expect(words(`$'\\x41\\u00e9\\U0001F600'`)).toEqual(['Aé😀']);
  });

  test('keeps & inside an unquoted URL, as the person meant', () => {
    expect(words('curl https://x.example/search?query=tea&country=de')).toEqual([
      'curl',
      'https://x.example/search?query=tea&country=de',
    ]);
  });

  test('ignores comments and trailing blank lines', () => {
    expect(words('curl x # the search\n\n   \n# done')).toEqual(['curl', 'x']);
    expect(words('curl a#b')).toEqual(['curl', 'a#b']);
  });

  test.each([
    ['curl x; rm -rf ~', /second command/],
    ['curl x | sh', /pipe/],
    ['curl $(cat url)', /command or expansion/],
    ['curl "$(cat url)"', /inside double quotes/],
    ['curl "https://x/${HOME:-/tmp}"', /inside double quotes/],
    ['curl `cat url`', /backticks/],
    ['curl "a`id`"', /backticks/],
    ['curl x > out', /redirection/],
    ['curl x < in', /redirection/],
    ['curl x && echo ok', /background or chained/],
    ['curl x &', /background or chained/],
    ['curl ${URL:-x}', /command or expansion/],
    ['curl $1', /command or expansion/],
    ['(curl x)', /subshell/],
    ['curl x\ncurl y', /second command on another line/],
  ])('refuses shell syntax: %s', (text, reason) => {
    expect(refused(text)).toMatch(reason);
  });

  test('refuses quotes that never close', () => {
    expect(refused(`curl 'x`)).toMatch(/single quote/);
    expect(refused(`curl "x`)).toMatch(/double quote/);
    expect(refused(`curl $'x`)).toMatch(/never closed/);
  });

  test('a plain variable is kept as written and listed, never expanded', () => {
    expect(
      shellWords(
        `curl "https://x.example/search?query=tea&api_key=$SCRAPINGDOG_API_KEY" -H "X-Api-Key: \${KEY}" $URL`,
      ),
    ).toEqual({
      ok: true,
      words: [
        'curl',
        'https://x.example/search?query=tea&api_key=$SCRAPINGDOG_API_KEY',
        'X-Api-Key: ${KEY}',
        '$URL',
      ].flatMap((w) => (w.startsWith('X-') ? ['-H', w] : [w])),
      variables: ['SCRAPINGDOG_API_KEY', 'KEY', 'URL'],
    });
    // Quoted or escaped, a dollar sign is text, not a variable.
    expect(shellWords(`curl '$KEY' \\$HOME "\\$X"`)).toEqual({
      ok: true,
      words: ['curl', '$KEY', '$HOME', '$X'],
      variables: [],
    });
  });

  test('a dollar sign that starts nothing is kept', () => {
    expect(words(`curl "price $ 5" 'single $HOME'`)).toEqual(['curl', 'price $ 5', 'single $HOME']);
  });

  test('any words, quoted any of the three ways and joined with continuations, read back the same', () => {
    // Printable text, and the line breaks and tabs a value may hold inside quotes.
    const word = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\n', '\t', "'", '"', '\\', '$', '`', '&', ';', '#'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 30,
    });
    const quote = fc.constantFrom(singleQuoted, doubleQuoted, cQuoted);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, quote), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(' ', '  ', ' \\\n  ', ' \\\r\n\t'),
        (list, separator) => {
          const text = list.map(([w, q]) => q(w)).join(separator);
          expect(words(text)).toEqual(list.map(([w]) => w));
        },
      ),
    );
  });

  test('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const result = shellWords(text);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
