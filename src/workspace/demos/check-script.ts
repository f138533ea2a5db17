import { createStore, useStore } from '../../lib/store.ts';
import type { DemoStep } from './demo-file.ts';
import { stepViewTitle } from './demo-steps.ts';

/**
 * "Check this script" (issue #36, point 5): a rehearsal before the meeting. Every step is played
 * in the page from its recording (the player in check mode: the API client sends nothing while
 * it plays), and what each step's view did is written down here, step by step: it renders, or
 * what is wrong (its answer missing or not of its view's shape, a view no longer known, the
 * view stopping with an error, or nothing shown in time).
 */
export interface StepCheck {
  title: string;
  view: string;
  /** null: it renders. */
  problem: string | null;
}

export type ScriptCheck = { scriptId: string; steps: StepCheck[]; done: boolean };

const checks = createStore<ScriptCheck | null>(null);
export const useScriptCheck = (): ScriptCheck | null => useStore(checks);

export const startCheck = (scriptId: string) => checks.set({ scriptId, steps: [], done: false });

/** Notes what a step did (`problem` null: it rendered). */
export function noteStep(scriptId: string, step: DemoStep, problem: string | null): void {
  const now = checks.get();
  if (now?.scriptId !== scriptId || now.done) return;
  const view = stepViewTitle(step);
  checks.set({ ...now, steps: [...now.steps, { title: step.title, view, problem }] });
}

export function endCheck(scriptId: string): void {
  const now = checks.get();
  if (now?.scriptId === scriptId) checks.set({ ...now, done: true });
}

/** What a step's recording lacks before any view is asked to show it, if anything. */
export function recordingProblem(step: DemoStep): string | null {
  // Answers kept apart (decision 102) are read as the step plays: a missing one is said then.
  if (step.batch || step.answers) return null;
  const { response } = step.snapshot;
  const none = [response.body, response.base64, response.html].every((v) => v === undefined);
  return none ? 'its answer is missing from the recording' : null;
}

/** The words of an answer the player could not open (demo-file.ts's openStep). */
export const openingProblem = (message: string): string =>
  message.replace(/^This snapshot/, 'its answer');

/** How long a step's view may take to show its recording before the check says it did not. */
const WAIT_MS = 8000;

/**
 * Waits for the step's view to show its recording (the snapshot banner; a batch step's form)
 * or to stop with its error: resolves with null when it renders, else what went wrong. Called
 * once the step's view was navigated to.
 */
export function watchStepView(step: DemoStep): Promise<string | null> {
  const verdict = (): string | null | undefined => {
    const stopped = [...document.querySelectorAll('main h1')].find(
      (h) => h.textContent === 'This view stopped working.',
    );
    if (stopped) {
      const why = stopped.parentElement?.querySelector('[role="alert"]')?.textContent ?? '';
      return `the view stopped working${why ? `: ${why}` : ''}`;
    }
    const shown = step.batch
      ? document.querySelector('main form')
      : document.querySelector('[data-snapshot-shown]');
    return shown ? null : undefined;
  };
  return new Promise((resolve) => {
    const now = verdict();
    if (now !== undefined) return resolve(now);
    const observer = new MutationObserver(() => {
      const v = verdict();
      if (v !== undefined) finish(v);
    });
    const timer = setTimeout(() => finish('its view showed nothing in 8 seconds'), WAIT_MS);
    const finish = (v: string | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(v);
    };
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
