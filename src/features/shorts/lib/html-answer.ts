import type { JsonResult } from '../../../api/requests.ts';

const LOOKS_LIKE_HTML = /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i;
/** Field names under which a JSON answer may carry the page. */
const HTML_FIELDS = ['html', 'raw_html', 'page_html', 'content'];

/**
 * The HTML page of an `html=true` answer, whose shape is not documented: the body
 * itself, or a JSON answer that carries the page in a string field (a known name
 * first, else any top-level string that reads as an HTML document).
 */
export function htmlOfAnswer(result: JsonResult<unknown>): string | null {
  if (result.html !== undefined) return result.html;
  const raw = result.raw;
  if (typeof raw === 'string') return LOOKS_LIKE_HTML.test(raw) ? raw : null;
  if (raw === null || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  for (const name of HTML_FIELDS) {
    const v = record[name];
    if (typeof v === 'string' && v.trim().startsWith('<')) return v;
  }
  const any = Object.values(record).find(
    (v): v is string => typeof v === 'string' && LOOKS_LIKE_HTML.test(v),
  );
  return any ?? null;
}
