// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  buildSnippet,
  KEY_PLACEHOLDER,
  type SnippetLanguage,
  type SnippetTarget,
} from './snippets.ts';

const LANGUAGES: SnippetLanguage[] = ['curl', 'javascript', 'python', 'go', 'php', 'ruby'];

const search: SnippetTarget = {
  base: 'https://api.example.com',
  path: '/search',
  params: [
    ['query', `it's "50%" \\ $HOME #{x} café`],
    ['country', 'de'],
  ],
};
const screenshot: SnippetTarget = {
  base: 'https://api.example.com',
  path: '/screenshot',
  params: [['url', 'https://example.com/']],
  imageFile: 'screenshot.png',
};

/** The value of a PHP or Ruby single-quoted literal. */
const unquoteSingle = (literal: string) => literal.slice(1, -1).replace(/\\([\\'])/g, '$1');

describe('buildSnippet', () => {
  test.each(LANGUAGES)('%s: the key is a placeholder unless one is given', (language) => {
    const code = buildSnippet(language, search);
    expect(code).toContain(KEY_PLACEHOLDER);
    expect(code).toContain('https://api.example.com/search');
    const withKey = buildSnippet(language, { ...search, apiKey: 'real_key-1' });
    expect(withKey).toContain('real_key-1');
    expect(withKey).not.toContain(KEY_PLACEHOLDER);
  });

  test.each(['curl', 'javascript', 'python', 'go', 'php', 'ruby'] as const)(
    '%s saves an image endpoint’s bytes to its file',
    (language) => {
      expect(buildSnippet(language, screenshot)).toMatch(
        /-o 'screenshot\.png'|writeFile\("screenshot\.png"|open\("screenshot\.png", "wb"\)|WriteFile\("screenshot\.png"|file_put_contents\('screenshot\.png'|binwrite\('screenshot\.png'/,
      );
      expect(buildSnippet(language, search)).not.toMatch(
        /writeFile|WriteFile|file_put_contents|binwrite|"wb"|-o /,
      );
    },
  );

  test('Go imports os only to save an image (an unused import does not compile)', () => {
    expect(buildSnippet('go', search)).not.toContain('"os"');
    expect(buildSnippet('go', screenshot)).toContain('\t"os"');
  });

  test('any value is written as a literal that reads back as itself', () => {
    const value = fc.string({ unit: 'grapheme', maxLength: 30 });
    fc.assert(
      fc.property(value, value, (query, key) => {
        const target = { ...search, params: [['query', query]] as [string, string][], apiKey: key };
        const go = buildSnippet('go', target);
        const goValues = [
          ...go.matchAll(/params\.Set\("(?:[^"\\]|\\.)*", ("(?:[^"\\]|\\.)*")\)/g),
        ].map((m) => JSON.parse(m[1]!) as string);
        expect(goValues).toEqual([query, key]);
        for (const language of ['php', 'ruby'] as const) {
          const code = buildSnippet(language, target);
          const literals = [
            ...code.matchAll(/^ +'(?:[^'\\]|\\.)*' => ('(?:[^'\\]|\\.)*'),$/gm),
          ].map((m) => unquoteSingle(m[1]!));
          expect(literals).toEqual([query, key]);
        }
      }),
    );
  });
});

/** The snippets compile where the language is installed (Debian: golang-go, php-cli, ruby). */
function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    try {
      execFileSync(command, ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }
}

describe('the snippets are valid code', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snippets-'));
  const write = (name: string, code: string) => {
    const file = join(dir, name);
    writeFileSync(file, code);
    return file;
  };

  test.skipIf(!installed('go'))('Go: vet passes', () => {
    for (const [i, target] of [search, screenshot].entries()) {
      const file = write(`main${i}.go`, buildSnippet('go', target));
      execFileSync('go', ['vet', file], { stdio: 'pipe' });
    }
  });

  test('JavaScript: node --check passes (an ES module)', () => {
    for (const [i, target] of [search, screenshot].entries())
      execFileSync(
        process.execPath,
        ['--check', write(`s${i}.mjs`, buildSnippet('javascript', target))],
        {
          stdio: 'pipe',
        },
      );
  });

  test.skipIf(!installed('php'))('PHP: lint passes', () => {
    for (const [i, target] of [search, screenshot].entries())
      execFileSync('php', ['-l', write(`s${i}.php`, buildSnippet('php', target))], {
        stdio: 'pipe',
      });
  });

  test.skipIf(!installed('ruby'))('Ruby: syntax check passes', () => {
    for (const [i, target] of [search, screenshot].entries())
      execFileSync('ruby', ['-c', write(`s${i}.rb`, buildSnippet('ruby', target))], {
        stdio: 'pipe',
      });
  });
});
