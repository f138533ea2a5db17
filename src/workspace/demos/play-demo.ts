import { getPresenterMode, setPresenterMode } from '../../session/presenter-mode.ts';
import { getPlayback, setPlayback } from '../../session/demo-playback.ts';
import { closeSnapshot } from '../snapshots/snapshot-store.ts';
import { forgetRecordedAnswers } from './recorded-answers.ts';
import { startCheck } from './check-script.ts';

/** Presenter mode as it was before Play: restored when the demo ends. */
let presenterBefore = false;
/** Presenter mode was turned on by a click whose script is still being read (the tour). */
let presentingEarly = false;

/**
 * Presenter mode on in the click's own task (decision 094): the page grows to the larger type
 * as a response to the click, which is not a layout shift. Turned on with the first step's
 * view instead, it moved the whole page (the header grows) when a step came more than half a
 * second after the click, as the tour read in the worker does at the reference phone
 * (CLS 0.217, issue 41). `notPresenting` takes it back if the demo does not start.
 */
export function presentNow(): void {
  if (getPlayback() || presentingEarly) return;
  presenterBefore = getPresenterMode();
  presentingEarly = true;
  setPresenterMode(true);
}

/** The demo that `presentNow` announced did not start: presenter mode as it was. */
export function notPresenting(): void {
  if (!presentingEarly) return;
  presentingEarly = false;
  setPresenterMode(presenterBefore);
}

/**
 * Starts playing a script from its recording: presenter mode (larger type, the key never
 * shown) and full screen where the browser allows (both in the click's own task: full screen
 * must be asked there, and the larger type there is a response to the click, not a shift),
 * and the layout mounts the player (demo-player.tsx), which shows the steps.
 */
export function playDemo(scriptId: string, step = 0): void {
  presentNow();
  presentingEarly = false;
  setPlayback({ scriptId, step, live: false, liveStep: null });
  // Refused outside a user's gesture, in some browsers and frames: the demo plays in the page.
  document.documentElement.requestFullscreen?.().catch(() => {});
}

/**
 * "Check this script": plays every step from its recording in turn, in this page, and writes
 * down what each step's view did (check-script.ts). Not full screen: it is a rehearsal.
 */
export function checkDemo(scriptId: string): void {
  if (!getPlayback() && !presentingEarly) presenterBefore = getPresenterMode();
  startCheck(scriptId);
  setPlayback({ scriptId, step: 0, live: false, liveStep: null, check: true });
}

/** Ends the demo: the snapshot closed, presenter mode and full screen as they were. */
export function stopDemo(): void {
  if (!getPlayback()) return;
  setPlayback(null);
  closeSnapshot();
  forgetRecordedAnswers();
  setPresenterMode(presenterBefore);
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}
