import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { pickParams } from '../../api/params.ts';
import { envelope, FILE_KINDS, readFileValue } from '../../lib/file-envelope.ts';
import { formatBytes } from '../../lib/format.ts';
import { isRecord } from '../../lib/is-record.ts';
import { nestsDeeperThan } from '../../lib/json-depth.ts';
import { maskEchoedKeys, maskEchoedKeysInText } from '../../lib/mask-echoed-keys.ts';
import { serializeDefinition, type BatchDefinition } from '../runs/lib/definition.ts';
import {
  MAX_SNAPSHOT_BYTES,
  openSnapshot,
  type OpenSnapshot,
  type SnapshotFile,
} from '../snapshots/snapshot-file.ts';
import { stepLabel } from './step-label.ts';

/**
 * A demo script (issue #25, decision 053): steps through the views, each a snapshot (the
 * view, its parameters and its stored answer, screenshots' bytes included) with a title and
 * a caption the presenter wrote. One JSON file holds a whole script, so it plays on another
 * machine, offline, without a key. Opening one checks it like a snapshot: size, outline,
 * every step through its endpoint's schema; keys an answer echoes are masked.
 *
 * A batch step is the batch as its file holds it (queries, locales, cap, pivot), shown in the
 * batch view's form with its price, nothing sent, and the answers of its first cells (`also`,
 * at most MAX_ALSO: a batch's answers can be a thousand pages), so its pivot table plays back
 * as recorded (decision 097).
 */
export const DEMO_KIND = FILE_KINDS.demo;
/** Anything bigger is refused before it is read (a few full-page screenshots fit). */
export const MAX_DEMO_BYTES = 150 * 1024 * 1024;
export const MAX_TITLE_LENGTH = 120;
export const MAX_CAPTION_LENGTH = 600;
export const MAX_NAME_LENGTH = 120;
/**
 * How deep a step may nest (its answer's JSON, with the step's own three levels). The service's
 * answers nest about a dozen levels; what shows and masks an answer recurses, and 3,000 levels
 * overflowed the stack (issue #36).
 */
export const MAX_STEP_DEPTH = 500;

export { MAX_ALSO } from './demo-limits.ts';

/** What a step shows: a view's recorded answer, or a batch's form. */
export type StepContent =
  { snapshot: SnapshotFile; batch?: undefined } | { batch: BatchDefinition; snapshot?: undefined };

export type DemoStep = {
  id: string;
  title: string;
  /** Plain text shown under the step while it plays (no Markdown, no HTML). */
  caption: string;
  /**
   * The view's own state as its page URL held it when the step was recorded, beyond the
   * request's parameters (realty's colour, unit, filters, sort, drawn area; search's spotlight;
   * shorts' layout and filters; autocomplete's options): restored on playback (issue #36).
   */
  view?: Record<string, string>;
  /**
   * Other answers of the step's endpoint its view showed (search's comparison pair; a batch's
   * cells, decision 097): played back from the session cache while the demo plays
   * (recorded-answers.ts, decision 081).
   */
  also?: SnapshotFile[];
  /**
   * Where the step's answers are kept apart (step-answers.ts, decision 102): a script read from
   * a file holds its steps' outlines, their answers' payloads read from the database when a
   * step plays. Absent: the answers are in the step itself.
   */
  answers?: string;
} & StepContent;

export interface DemoScript {
  id: string;
  name: string;
  /** When it was last changed (ms since the epoch): the newest is listed first. */
  updatedAt: number;
  steps: DemoStep[];
  /** The built-in tour: played and copied, never edited (demo-store.ts). */
  readOnly?: true;
}

/** The file (decision 066's envelope; files saved before it say `format` for `kind`). */
export interface DemoFile {
  kind: typeof DEMO_KIND;
  version: 1;
  name: string;
  savedAt: string;
  steps: ({
    title: string;
    caption: string;
    view?: Record<string, string>;
    also?: SnapshotFile[];
  } & ({ snapshot: SnapshotFile } | { batch: unknown }))[];
}

export const newId = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Plain one-paragraph text: control characters out, spaces collapsed, at most `max` long. */
export function plainText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/[ \t]+/g, ' ');
  return clean.trim().slice(0, max);
}

/**
 * A step's snapshot as it is stored and written: only the endpoint's own parameters, and no
 * key an answer echoed (the client masks the tab's own key as answers arrive; this also
 * masks any other one a file brought in).
 */
export function cleanSnapshot(snapshot: SnapshotFile): SnapshotFile {
  const { request, response } = snapshot;
  const spec = ENDPOINTS[request.endpoint as EndpointId];
  return {
    ...snapshot,
    request: { endpoint: request.endpoint, params: pickParams(spec, request.params) },
    response: {
      ...response,
      ...(response.body !== undefined && { body: maskEchoedKeys(response.body) }),
      ...(response.html !== undefined && { html: maskEchoedKeysInText(response.html) }),
    },
  };
}

/** The file for a script. */
export function demoFile(script: DemoScript, now = new Date()): DemoFile {
  return envelope(
    { kind: DEMO_KIND, version: 1 as const },
    {
      name: script.name,
      savedAt: now.toISOString(),
      steps: script.steps.map(({ title, caption, snapshot, batch, view, also }) => ({
        title,
        caption,
        ...(view && { view }),
        ...(also && { also: also.map(cleanSnapshot) }),
        ...(batch
          ? { batch: JSON.parse(serializeDefinition(batch)) as unknown }
          : { snapshot: cleanSnapshot(snapshot) }),
      })),
    },
  );
}

export type DemoReading = { ok: true; script: DemoScript } | { ok: false; error: string };

const refuse = (error: string): DemoReading => ({ ok: false, error });

/** What may be told while a file is read: the steps checked so far. */
export interface ReadProgress {
  onStep?: (checked: number, total: number) => void;
}

/** Why a step of the parsed file cannot be read safely at all: nested too deep. */
function tooDeep(steps: unknown): string | null {
  if (!Array.isArray(steps)) return null;
  const i = steps.findIndex((step) => nestsDeeperThan(step, MAX_STEP_DEPTH));
  return i < 0
    ? null
    : `${stepLabel(i, steps[i])}: its answer nests deeper than ${MAX_STEP_DEPTH} levels.`;
}

/**
 * Reads a script file's text (its schema, demo-schemas.ts, loads with the first one): its
 * outline, then every step's answer through its endpoint's schema, as a snapshot's is. Every
 * refusal is a sentence naming the step ("Step 3 (Realty listings): …"), never a throw: it runs
 * in a Worker (demo-file.worker.ts) whose errors nobody would see. `bytes`: the file's size.
 */
export async function readDemo(
  text: string,
  bytes = text.length,
  { onStep }: ReadProgress = {},
): Promise<DemoReading> {
  if (bytes > MAX_DEMO_BYTES)
    return refuse(
      `This file is ${formatBytes(bytes)}: a demo script is at most ${formatBytes(MAX_DEMO_BYTES)}.`,
    );
  const { demoFileFormat, DEMO_FILE } = await import('./demo-schemas.ts');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(DEMO_FILE.refusals.notJson);
  }
  const rawSteps = isRecord(json) ? json.steps : undefined;
  const deep = tooDeep(rawSteps);
  if (deep) return refuse(deep);
  const read = readFileValue(json, demoFileFormat(rawSteps));
  if (!read.ok) return refuse(read.errors.join(' '));
  const steps: DemoStep[] = [];
  const all = read.value.steps;
  for (const [i, { title, caption, view, also, ...content }] of all.entries()) {
    onStep?.(i, all.length);
    const text = {
      id: newId(),
      title: plainText(title, MAX_TITLE_LENGTH),
      caption: plainText(caption, MAX_CAPTION_LENGTH),
    };
    const label = stepLabel(i, content);
    // A batch step's answers are its cells' (decision 097), checked as any step's are.
    for (const answer of [...(content.snapshot ? [content.snapshot] : []), ...(also ?? [])]) {
      const size = JSON.stringify(answer).length;
      if (size > MAX_SNAPSHOT_BYTES)
        return refuse(
          `${label}: its answer is ${formatBytes(size)}; a step holds at most ${formatBytes(MAX_SNAPSHOT_BYTES)}.`,
        );
      const reading = await openSnapshot(answer, size);
      if (!reading.ok)
        return refuse(`${label}: ${reading.error.replace('This snapshot', 'its answer')}`);
    }
    const kept = { ...(also && { also: also.map(cleanSnapshot) }) };
    if (content.batch) {
      steps.push({ ...text, ...kept, batch: content.batch });
      continue;
    }
    steps.push({
      ...text,
      ...(view && { view }),
      ...kept,
      snapshot: cleanSnapshot(content.snapshot),
    });
  }
  onStep?.(all.length, all.length);
  const name = plainText(read.value.name, MAX_NAME_LENGTH) || 'Untitled demo';
  return { ok: true, script: { id: newId(), name, updatedAt: Date.now(), steps } };
}

/** A step's recording ready to show in its view (its answer read through the endpoint's schema). */
export async function openStep(snapshot: SnapshotFile): Promise<OpenSnapshot> {
  const reading = await openSnapshot(snapshot, JSON.stringify(snapshot).length);
  if (!reading.ok) throw new Error(reading.error);
  return reading.snapshot;
}
