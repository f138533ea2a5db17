/**
 * Whether a key found in pasted text or a link stands in for a key rather than being one:
 * what READMEs, docs and shared snippets write where the key goes (`YOUR_API_KEY`, `XXX`,
 * `<API_KEY>`, `${API_KEY}`, `{{api_key}}`, `REDACTED`, `•••`) and shell variables
 * (`$SCRAPINGDOG_API_KEY`). Such a value is never offered as a key (decision 049).
 */

export type KeyStandIn = 'placeholder' | 'variable';

/** `$NAME` or `${NAME}`: the key lives in the shell's environment, which a paste cannot read. */
const SHELL_VARIABLE = /^\$(\w+|\{\w+\})$/;

/** Brackets, templates and masks: `<…>`, `{…}`, `[…]`, `%…%`, `•••`, `***`, `...`. */
const MARKED = /^[<{[%(].*[>}\]%)]$|^[•*.…·#-]+$/;

/**
 * The words placeholders are made of. A value whose every word is one of these (or a single
 * letter repeated: `xxxx`) is a placeholder; a real key has at least one other word, so
 * `demo-key` or `team_key_2` are offered.
 */
const PLACEHOLDER_WORDS = new Set([
  'your',
  'my',
  'the',
  'a',
  'an',
  'api',
  'apikey',
  'key',
  'keys',
  'access',
  'secret',
  'token',
  'here',
  'goes',
  'insert',
  'enter',
  'put',
  'paste',
  'replace',
  'with',
  'me',
  'redacted',
  'removed',
  'hidden',
  'masked',
  'placeholder',
  'example',
  'sample',
  'dummy',
  'fake',
  'changeme',
  'personal',
  'private',
  'value',
  'null',
  'undefined',
  'none',
  'todo',
  'tbd',
]);

/** An environment variable's name written without its `$` (`VENDOR_API_KEY`, `API_TOKEN`). */
const VARIABLE_NAME =
  /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_(KEY|TOKEN|SECRET)$|^(KEY|TOKEN|SECRET)_[A-Z0-9_]+$/;

/** `YOUR_API_KEY`, `yourApiKey`, `your-api-key` → `your`, `api`, `key`. */
const wordsOf = (value: string): string[] =>
  value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** Why a value is not a key (`placeholder`, `variable`), or null when it may be one. */
export function keyStandIn(raw: string): KeyStandIn | null {
  const value = raw.trim();
  if (SHELL_VARIABLE.test(value)) return 'variable';
  if (value === '' || MARKED.test(value) || VARIABLE_NAME.test(value)) return 'placeholder';
  const words = wordsOf(value);
  if (words.length === 0) return 'placeholder';
  const standIn = words.every((w) => PLACEHOLDER_WORDS.has(w) || /^([a-z])\1{2,}$/.test(w));
  return standIn ? 'placeholder' : null;
}
