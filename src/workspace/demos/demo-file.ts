import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { pickParams } from '../../api/params.ts';
import { isRecord } from '../../lib/is-record.ts';
import { maskEchoedKeys, maskEchoedKeysInText } from '../../lib/mask-echoed-keys.ts';
import {
  parseDefinition,
  serializeDefinition,
  type BatchDefinition,
} from '../runs/lib/definition.ts';
import {
  readSnapshotFile,
  type OpenSnapshot,
  type SnapshotFile,
} from '../snapshots/snapshot-file.ts';

/**
 * A demo script (issue #25, decision 053): steps through the views, each a snapshot (the
 * view, its parameters and its stored answer, screenshots' bytes included) with a title and
 * a caption the presenter wrote. One JSON file holds a whole script, so it plays on another
 * machine, offline, without a key. Opening one checks it like a snapshot: size, outline,
 * every step through its endpoint's schema; keys an answer echoes are masked.
 *
 * A batch step holds no answer: it is the batch as its file holds it (queries, locales, cap,
 * pivot), shown in the batch view's form with its price, nothing sent. A batch's answers can
 * be a thousand pages; its view shows what a batch is for without them.
 */
export const DEMO_FORMAT = 'web-data-dashboard.demo';
/** Anything bigger is refused before it is read (a few full-page screenshots fit). */
export const MAX_DEMO_BYTES = 150 * 1024 * 1024;
export const MAX_STEPS = 100;
export const MAX_TITLE_LENGTH = 120;
export const MAX_CAPTION_LENGTH = 600;
export const MAX_NAME_LENGTH = 120;

/** What a step shows: a view's recorded answer, or a batch's form. */
export type StepContent =
  { snapshot: SnapshotFile; batch?: undefined } | { batch: BatchDefinition; snapshot?: undefined };

export type DemoStep = {
  id: string;
  title: string;
  /** Plain text shown under the step while it plays (no Markdown, no HTML). */
  caption: string;
} & StepContent;

export interface DemoScript {
  id: string;
  name: string;
  /** When it was last changed (ms since the epoch): "Add this result" adds to the newest. */
  updatedAt: number;
  steps: DemoStep[];
}

export interface DemoFile {
  format: typeof DEMO_FORMAT;
  version: 1;
  name: string;
  savedAt: string;
  steps: ({ title: string; caption: string } & ({ snapshot: SnapshotFile } | { batch: unknown }))[];
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
  return {
    format: DEMO_FORMAT,
    version: 1,
    name: script.name,
    savedAt: now.toISOString(),
    steps: script.steps.map(({ title, caption, snapshot, batch }) =>
      batch
        ? { title, caption, batch: JSON.parse(serializeDefinition(batch)) as unknown }
        : { title, caption, snapshot: cleanSnapshot(snapshot) },
    ),
  };
}

export type DemoReading = { ok: true; script: DemoScript } | { ok: false; error: string };

const refuse = (error: string): DemoReading => ({ ok: false, error });
const NOT_A_SCRIPT = 'This file is not a demo script';

/** Reads a script file's text: every step is checked as a snapshot would be. */
export async function readDemo(text: string): Promise<DemoReading> {
  if (text.length > MAX_DEMO_BYTES) return refuse(`${NOT_A_SCRIPT}: it is too large.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(`${NOT_A_SCRIPT}: it is not valid JSON.`);
  }
  if (!isRecord(json) || json.format !== DEMO_FORMAT)
    return refuse(
      isRecord(json) && json.format === 'web-data-dashboard.snapshot'
        ? `${NOT_A_SCRIPT}: it is a snapshot. Open it with “Open snapshot” in History, or add it to a script from its view.`
        : `${NOT_A_SCRIPT}: it lacks the demo format.`,
    );
  if (json.version !== 1)
    return refuse(
      `This demo script was written by another version of the dashboard (${String(json.version)}).`,
    );
  const { steps } = json;
  if (!Array.isArray(steps) || steps.length === 0) return refuse('This demo script has no steps.');
  if (steps.length > MAX_STEPS)
    return refuse(`This demo script has ${steps.length} steps; at most ${MAX_STEPS} are played.`);
  const read: DemoStep[] = [];
  for (const [i, step] of steps.entries()) {
    const where = `Step ${i + 1}`;
    if (!isRecord(step) || typeof step.title !== 'string' || typeof step.caption !== 'string')
      return refuse(`${where} of this demo script has no title or caption.`);
    const text = {
      id: newId(),
      title: plainText(step.title, MAX_TITLE_LENGTH),
      caption: plainText(step.caption, MAX_CAPTION_LENGTH),
    };
    if (step.batch !== undefined) {
      // Checked as a batch file is when loaded: every row's parameters, every locale, the cap.
      const parsed = parseDefinition(JSON.stringify(step.batch));
      if ('errors' in parsed)
        return refuse(
          `${where} is a batch that cannot be used: ${parsed.errors.slice(0, 3).join(' ')}`,
        );
      read.push({ ...text, batch: parsed.definition });
      continue;
    }
    const reading = await readSnapshotFile(step.snapshot, JSON.stringify(step.snapshot).length);
    if (!reading.ok)
      return refuse(`${where}: ${reading.error.replace('This snapshot', 'its answer')}`);
    read.push({ ...text, snapshot: cleanSnapshot(step.snapshot as SnapshotFile) });
  }
  const name = typeof json.name === 'string' ? plainText(json.name, MAX_NAME_LENGTH) : '';
  return {
    ok: true,
    script: { id: newId(), name: name || 'Untitled demo', updatedAt: Date.now(), steps: read },
  };
}

/** A step's recording ready to show in its view (its answer read through the endpoint's schema). */
export async function openStep(snapshot: SnapshotFile): Promise<OpenSnapshot> {
  const reading = await readSnapshotFile(snapshot, JSON.stringify(snapshot).length);
  if (!reading.ok) throw new Error(reading.error);
  return reading.snapshot;
}
