import type { EndpointSpec } from '../../api/endpoints.ts';
import { type ParamErrors, type Params } from '../../api/params.ts';

/**
 * A view's request in three parts, each with one job; RequestPanel shows it for a read
 * (`useEndpointRun`) and an action (`useEndpointAction`) alike:
 *
 * - **form**: the parameters as the page URL holds them (a link reproduces the form, never the
 *   key); errors show for a field once it was left, for all once a run was tried.
 * - **run**: sending. Nothing is ever sent twice while it runs; a request keeps running when
 *   its view is left, and only `cancel` (or a new key) stops it.
 * - **shown**: the answer on screen and where it came from.
 *
 * Batch runs need no form: they use `useEndpointRuns` (components/) directly.
 */
export interface ViewRequest<T> {
  spec: EndpointSpec;
  form: RequestForm;
  run: RequestRun;
  shown: ShownResult<T>;
}

/** The request's parameters, as the page URL holds them. */
export interface RequestForm {
  values: Params;
  /** A field's error once it was left, every error once a run was tried. */
  errors: ParamErrors;
  isValid: boolean;
  /** The parameters as they would be sent (wire names, catalogue order); null while invalid. */
  wire: [string, string][] | null;
  setValue: (name: string, value: string) => void;
  /** Several fields in one URL update (e.g. a preset's width and height). */
  setValues: (patch: Params) => void;
  markTouched: (name: string) => void;
  /** The form's request is already in the session cache: running it is free. */
  cached: boolean;
}

/** Sending it. Nothing is ever sent twice while it runs. */
export interface RequestRun {
  /** Runs the form; false (nothing sent) when it is invalid, a request runs, or no key is set. */
  start: () => boolean;
  /** A fresh copy of the answer on screen, paid again; nothing while a request runs. */
  again: () => void;
  cancel: () => void;
  isRunning: boolean;
  /** The user cancelled the last run (and nothing runs now). */
  cancelled: boolean;
  /** The parameters of the request on screen (sent, or shown from the cache). */
  submitted: Params | null;
}

/** The answer a view shows and where it came from. */
export interface ShownResult<T> {
  data: T | undefined;
  /** The parameters that produced `data`. */
  params: Params | null;
  error: unknown;
  /** `data` is the answer that was on screen before the request now shown (running or failed). */
  earlier: boolean;
  /** `data` comes from an opened snapshot file (read-only, nothing spent): when it was saved. */
  savedAt: Date | null;
  /** `data` was already in the session cache when it was asked for: it cost nothing. */
  fromCache: boolean;
  /** When the answer arrived (ms since the epoch; it may be from before a reload). */
  answeredAt: number;
}
