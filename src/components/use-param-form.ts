import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import type { EndpointSpec } from '../api/endpoints.ts';
import { pickParams, validateParams, type ParamErrors, type Params } from '../api/params.ts';

const NO_ERRORS: ParamErrors = {};

/** What was typed, and the URLs (as strings) the page may pass through until it holds it. */
interface Typed {
  shown: URLSearchParams;
  passing: readonly string[];
}
/** URLs kept as "on the way": keys typed faster than the router renders, with room to spare. */
const PASSING = 64;

export interface ParamFormOptions {
  /**
   * Typing (a `replace` edit) reaches the URL once the keys pause this long, not on every
   * key (decision 099): each URL write is a `history.replaceState` (a synchronous call to
   * the browser) and a render of the router, the nav and the view, 25–35 ms of a key's task
   * in a traced live typing at the reference phone. The field shows every key meanwhile.
   */
  urlAfterPauseMs?: number;
}

/**
 * A request form whose values live in the page URL (a link reproduces the form, never
 * the key). Errors show for a field once it was left, or for all after a submit attempt.
 */
export function useParamForm(spec: EndpointSpec, { urlAfterPauseMs }: ParamFormOptions = {}) {
  const [urlParams, setSearchParams] = useSearchParams();
  const [typed, setTyped] = useState<Typed | null>(null);
  const current = urlParams.toString();
  // Once the URL holds what was typed (or something else: a link, Back), it is what shows.
  if (typed && (current === typed.shown.toString() || !typed.passing.includes(current)))
    setTyped(null);
  const searchParams =
    typed && typed.passing.includes(current) && current !== typed.shown.toString()
      ? typed.shown
      : urlParams;
  const shownRef = useRef({ searchParams, url: current, typed });
  useLayoutEffect(() => {
    shownRef.current = { searchParams, url: current, typed };
  });
  // The form shows what is typed (spaces included); requests and cache keys use the trimmed form.
  const values = useMemo(() => rawParams(spec, searchParams), [spec, searchParams]);
  const normalized = useMemo(() => pickParams(spec, values), [spec, values]);
  const validation = useMemo(() => validateParams(spec, values), [spec, values]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitAttempted, setSubmitAttempted] = useState(false);

  // The same object until what it shows changes: the form is memoised (ParamForm), and a Run
  // should re-render the button and the progress, not every field (a long task on a phone).
  const errors = useMemo((): ParamErrors => {
    if (validation.ok) return NO_ERRORS;
    const shown = Object.entries(validation.errors).filter(
      ([name]) => submitAttempted || touched.has(name),
    );
    return shown.length === 0 ? NO_ERRORS : Object.fromEntries(shown);
  }, [validation, submitAttempted, touched]);

  /**
   * Sets several fields in one URL update (two `setValue` calls in a row would each start
   * from the same URL, and the second would undo the first). `replace` keeps typing from
   * piling up history entries. A controlled field whose value arrives a render later is put
   * back to the old value meanwhile, so a key typed before that render lands is lost and the
   * caret jumps to the end (on a phone, whole letters went missing; decision 039): the form
   * shows what was typed at once (this hook's own state, rendered in the key's task), and the
   * URL follows in the router's transition, which React renders in slices a key can
   * interrupt. Rendering the URL at once (`flushSync`) rendered the router, the nav and the
   * whole view in each key's task: 90–170 ms a key at the reference phone (issue 41).
   */
  const pendingUrl = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A write still waiting for its pause when the form goes is dropped: the page that replaced
  // it owns the URL now.
  useEffect(() => () => clearTimeout(pendingUrl.current), []);
  const setValues = useCallback(
    (patch: Params, { replace }: { replace: boolean }) => {
      clearTimeout(pendingUrl.current);
      const { searchParams: shown, url } = shownRef.current;
      const next = new URLSearchParams(shown);
      for (const [name, value] of Object.entries(patch)) {
        if (value === '') next.delete(name);
        else next.set(name, value);
      }
      // The URLs on the way (each key's, as its transition lands) keep showing what was typed.
      setTyped((t) => ({
        shown: next,
        // The URL now is kept among them however long the typing goes without a pause.
        passing: [...(t?.passing ?? []).filter((p) => p !== url), url, next.toString()].slice(
          -PASSING,
        ),
      }));
      if (!replace || urlAfterPauseMs === undefined) {
        setSearchParams(next, { replace });
        return;
      }
      pendingUrl.current = setTimeout(() => {
        // Not over a URL something else wrote meanwhile (a link, Back): that one stands. The
        // form's own writes are not "something else": keys typed while one of them was still
        // on its way (a push, or the write of an earlier pause, whose router transition the
        // keys kept interrupting) saw the URL before it, and their write was dropped, leaving
        // the URL (and a reload, a copied link) on older text (issue 41, the bench's live typing).
        const now = shownRef.current;
        if (now.url === url || now.typed?.passing.includes(now.url))
          setSearchParams(next, { replace });
      }, urlAfterPauseMs);
    },
    [setSearchParams, urlAfterPauseMs],
  );
  const setValue = useCallback(
    (name: string, value: string, options: { replace: boolean }) =>
      setValues({ [name]: value }, options),
    [setValues],
  );
  const markTouched = useCallback(
    (name: string) => setTouched((t) => (t.has(name) ? t : new Set(t).add(name))),
    [],
  );

  /** Shows every error; true when the form may be sent. */
  const attemptSubmit = useCallback(() => {
    // A valid form shows no errors either way: its flag renders with the run's transition
    // instead of re-rendering the whole view in the click's task (a long task on a phone).
    if (validation.ok) startTransition(() => setSubmitAttempted(true));
    else setSubmitAttempted(true);
    return validation.ok;
  }, [validation.ok]);

  return {
    values,
    normalized,
    errors,
    isValid: validation.ok,
    wire: validation.ok ? validation.wire : null,
    setValue,
    setValues,
    markTouched,
    attemptSubmit,
  };
}

function rawParams(spec: EndpointSpec, searchParams: URLSearchParams): Params {
  const out: Params = {};
  for (const p of spec.params) {
    const v = searchParams.get(p.name);
    if (v) out[p.name] = v;
  }
  return out;
}
