/**
 * Splits one pasted shell command line (a `curl …` copied from a terminal, a README or a
 * browser's "Copy as cURL") into its words, the way a POSIX shell would for the parts a
 * request needs: single and double quotes, `$'…'` (bash's C-style quotes, which "Copy as
 * cURL" uses), backslash escapes and line continuations. Nothing is ever run or expanded: a
 * plain variable (`$NAME`, `${NAME}`, where READMEs keep the key) stays in its word as written
 * and is listed, so the reader can say which values it does not know; what a shell would have
 * to run to know the words (`$(…)`, backticks, `${…}` with an operator, pipes, `;`,
 * redirections, a second command) is refused with a reason.
 */

export type ShellWords =
  | {
      ok: true;
      words: string[];
      /** Names of the plain variables left unexpanded (`$KEY` and `${KEY}` → `KEY`), in order. */
      variables: string[];
    }
  | { ok: false; reason: string };

/** `$NAME` or `${NAME}` at the start of the text: a plain variable, which is kept as written. */
const PLAIN_VARIABLE = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})/;

/** Characters a shell treats as syntax outside quotes; `&` inside a word is handled apart. */
const OPERATORS: Record<string, string> = {
  '|': 'a pipe (|)',
  ';': 'a second command (;)',
  '<': 'a redirection (<)',
  '>': 'a redirection (>)',
  '(': 'a subshell (parentheses)',
  ')': 'a subshell (parentheses)',
  '`': 'a command substitution (backticks)',
};

const C_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
};

const refuse = (reason: string): ShellWords => ({
  ok: false,
  reason: `The pasted command uses ${reason}, which the dashboard does not run: paste the curl command alone, with literal values.`,
});

const isSpace = (c: string | undefined) => c === ' ' || c === '\t';
const isLineEnd = (c: string | undefined) => c === '\n' || c === '\r';

/** Reads `$'…'` from just after its opening quote; returns the text and the index after the closing quote. */
function readCQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") return { value, end: i + 1 };
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    const next = text[i + 1] ?? '';
    const hex = /^(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8})/.exec(text.slice(i + 1));
    if (hex) {
      const code = parseInt(hex[0].slice(1), 16);
      if (code > 0x10ffff) return null;
      value += String.fromCodePoint(code);
      i += 1 + hex[0].length;
    } else if (C_ESCAPES[next] !== undefined) {
      value += C_ESCAPES[next];
      i += 2;
    } else {
      value += `\\${next}`;
      i += 2;
    }
  }
  return null;
}

/**
 * The words of one command line. Whitespace separates words; a backslash before a line end
 * continues the line (`\` + newline, also `\r\n`); a line end outside quotes ends the command,
 * and anything but blank lines or a comment after it is a second command, refused.
 */
export function shellWords(text: string): ShellWords {
  const words: string[] = [];
  const variables: string[] = [];
  /** Keeps a plain variable at `at` as written; returns its length, or 0 if there is none. */
  const keepVariable = (at: number): number => {
    const plain = PLAIN_VARIABLE.exec(text.slice(at, at + 260));
    if (!plain) return 0;
    const name = plain[1] ?? plain[2]!;
    if (!variables.includes(name)) variables.push(name);
    return plain[0].length;
  };
  let word = '';
  let inWord = false;
  let i = 0;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\r' && text[i + 2] === '\n') i += 3;
      else if (isLineEnd(next)) i += 2;
      else if (next === undefined) i++;
      else {
        word += next;
        inWord = true;
        i += 2;
      }
      continue;
    }
    if (isSpace(c)) {
      endWord();
      i++;
      continue;
    }
    if (isLineEnd(c)) {
      endWord();
      // Only blank lines and comments may follow: another command would run too.
      const rest = text.slice(i).split(/\r?\n|\r/);
      if (rest.some((line) => line.trim() !== '' && !line.trim().startsWith('#')))
        return refuse('a second command on another line');
      break;
    }
    if (c === '#' && !inWord) {
      // A comment runs to the end of its line.
      const lineEnd = text.slice(i).search(/[\r\n]/);
      i = lineEnd === -1 ? text.length : i + lineEnd;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) return { ok: false, reason: 'A single quote is never closed.' };
      word += text.slice(i + 1, close);
      inWord = true;
      i = close + 1;
      continue;
    }
    if (c === '$' && text[i + 1] === "'") {
      const quoted = readCQuoted(text, i + 2);
      if (!quoted)
        return { ok: false, reason: "A $'…' quote is never closed or holds a bad escape." };
      word += quoted.value;
      inWord = true;
      i = quoted.end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        const d = text[j]!;
        if (d === '\\') {
          const next = text[j + 1];
          if (next === '$' || next === '`' || next === '"' || next === '\\') {
            word += next;
            j++;
          } else if (next === '\n') j++;
          else word += d;
        } else if (d === '$' && /[\w{(]/.test(text[j + 1] ?? '')) {
          const length = keepVariable(j);
          if (length === 0) return refuse('a command or expansion inside double quotes ($…)');
          word += text.slice(j, j + length);
          j += length - 1;
        } else if (d === '`') return refuse(OPERATORS['`']!);
        else word += d;
      }
      if (j >= text.length) return { ok: false, reason: 'A double quote is never closed.' };
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '$' && /[\w{(]/.test(text[i + 1] ?? '')) {
      const length = keepVariable(i);
      if (length === 0) return refuse('a command or expansion ($…)');
      word += text.slice(i, i + length);
      inWord = true;
      i += length;
      continue;
    }
    if (c === '&') {
      // Inside a word (an unquoted URL's `a=1&b=2`) it is taken as written, which is what the
      // person meant; anywhere else it sends a command to the background or chains one.
      if (!inWord || text[i + 1] === '&' || isSpace(text[i + 1]) || i + 1 >= text.length)
        return refuse('a background or chained command (&)');
      word += c;
      i++;
      continue;
    }
    const operator = OPERATORS[c];
    if (operator) return refuse(operator);
    word += c;
    inWord = true;
    i++;
  }
  endWord();
  return { ok: true, words, variables };
}
