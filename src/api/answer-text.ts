/**
 * An answer's bytes as the app keeps them, the same on the page (client.ts) and in the worker
 * that reads big answers (parse-body.worker.ts): decoded, the key masked where the answer
 * echoes it, and the stored copy made from the bytes as received when nothing was masked.
 * No imports: the worker loads this alone.
 */

export function maskKey(text: string, apiKey: string): string {
  return apiKey ? text.split(apiKey).join('•••') : text;
}

/** The answer's text; an answer that echoes the key (e.g. in its request parameters) shows a mask. */
export function answerText(
  bytes: Uint8Array,
  apiKey: string,
): { text: string; echoesKey: boolean } {
  const decoded = new TextDecoder().decode(bytes);
  const echoesKey = apiKey !== '' && decoded.includes(apiKey);
  return { text: echoesKey ? maskKey(decoded, apiKey) : decoded, echoesKey };
}

/** An answer's text (the key masked) and, when it is JSON, its value. */
export function parsedAnswer(bytes: Uint8Array, apiKey: string) {
  const { text, echoesKey } = answerText(bytes, apiKey);
  try {
    const value = JSON.parse(text) as unknown;
    return { json: true as const, value, text, echoesKey };
  } catch {
    return { json: false as const, text, echoesKey };
  }
}

/** A JSON answer's stored copy off the JS heap: its bytes as received, or its masked text. */
export const jsonBlob = (bytes: Uint8Array<ArrayBuffer>, text: string, echoesKey: boolean) =>
  new Blob([echoesKey ? text : bytes], { type: 'application/json' });
