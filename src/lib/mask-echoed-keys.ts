import { isRecord } from './is-record.ts';

const MASK = '•••';
const KEY_FIELD = 'api_key';

/**
 * A copy of a JSON answer with every `api_key` field's value masked, at any depth: the service
 * echoes a request's parameters (`search_parameters`), and a file from someone else's machine
 * may hold their key there. The client masks the tab's own key as answers arrive; this masks
 * any key in what is opened from a file.
 */
export function maskEchoedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskEchoedKeys);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value))
    copy[name] = name === KEY_FIELD && typeof v === 'string' && v !== '' ? MASK : maskEchoedKeys(v);
  return copy;
}

/** The same for a text (an HTML page): `api_key=…` in any link or form it holds. */
export function maskEchoedKeysInText(text: string): string {
  return text.replace(/(api_key=)[^&"'\s<>]+/gi, `$1${MASK}`);
}
