import { getPresenterMode, setPresenterMode } from '../../session/presenter-mode.ts';
import { getPlayback, setPlayback } from '../../session/demo-playback.ts';
import { closeSnapshot } from '../snapshots/snapshot-store.ts';
import { forgetRecordedAnswers } from './recorded-answers.ts';
import { startCheck } from './check-script.ts';

/** Presenter mode as it was before Play: restored when the demo ends. */
let presenterBefore = false;

/**
 * Starts playing a script from its recording: full screen where the browser allows (it must
 * be asked in the click's own task), and the layout mounts the player (demo-player.tsx), which
 * shows the steps and turns presenter mode on (larger type, the key never shown) with the
 * first step's view, in one paint: on before, the page under the click would grow and then
 * be replaced (a layout shift of most of the screen).
 */
export function playDemo(scriptId: string, step = 0): void {
  if (!getPlayback()) presenterBefore = getPresenterMode();
  setPlayback({ scriptId, step, live: false, liveStep: null });
  // Refused outside a user's gesture, in some browsers and frames: the demo plays in the page.
  document.documentElement.requestFullscreen?.().catch(() => {});
}

/**
 * "Check this script": plays every step from its recording in turn, in this page, and writes
 * down what each step's view did (check-script.ts). Not full screen: it is a rehearsal.
 */
export function checkDemo(scriptId: string): void {
  if (!getPlayback()) presenterBefore = getPresenterMode();
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
