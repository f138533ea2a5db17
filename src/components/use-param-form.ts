import { startTransition, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EndpointSpec } from '../api/endpoints.ts';
import { pickParams, validateParams, type ParamErrors, type Params } from '../api/params.ts';

const NO_ERRORS: ParamErrors = {};

/**
 * A request form whose values live in the page URL (a link reproduces the form, never
 * the key). Errors show for a field once it was left, or for all after a submit attempt.
 */
export function useParamForm(spec: EndpointSpec) {
  const [searchParams, setSearchParams] = useSearchParams();
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
   * piling up history entries. The fields show the URL, so its update renders at once
   * (`flushSync`), not in the router's default transition: a controlled field whose value
   * arrives a render later is put back to the old value meanwhile, so a key typed before
   * that render lands is lost and the caret jumps to the end (on a phone, whole letters went
   * missing at normal typing speed). Decision 039.
   */
  const setValues = useCallback(
    (patch: Params, { replace }: { replace: boolean }) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(patch)) {
            if (value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace, flushSync: true },
      );
    },
    [setSearchParams],
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
