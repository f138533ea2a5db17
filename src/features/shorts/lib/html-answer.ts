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

/**
 * The page as the frame shows it: without what would be refused there anyway, each refusal a
 * logged error. The frame, a `srcdoc` document, inherits the app's policy (`style-src 'self'`
 * refuses inline styles and outside stylesheets) and its empty `sandbox` runs no script. Its
 * layout is lost, not its text, links or images; View source and Download keep the page as it
 * came. This is not what keeps the page harmless: the sandbox and the policy are.
 */
export function framedHtml(html: string): string {
  // A template's content is inert: parsed there, a <style> is not yet refused (DOMParser's
  // document inherits the page's policy and would log the refusal this avoids).
  const template = document.createElement('template');
  template.innerHTML = html;
  const page = template.content;
  for (const el of page.querySelectorAll('script, style, link[rel~="stylesheet" i]')) el.remove();
  for (const el of page.querySelectorAll('*'))
    for (const name of el.getAttributeNames())
      if (name === 'style' || name.toLowerCase().startsWith('on')) el.removeAttribute(name);
  return `<!doctype html>\n${template.innerHTML}`;
}
