import { getPresenterMode, setPresenterMode } from '../../session/presenter-mode.ts';
import { getPlayback, setPlayback } from '../../session/demo-playback.ts';
import { closeSnapshot } from '../snapshots/snapshot-store.ts';

/** Presenter mode as it was before Play: restored when the demo ends. */
let presenterBefore = false;

/**
 * Starts playing a script from its recording: presenter mode on (larger type, the key never
 * shown), full screen where the browser allows (it must be asked in the click's own task),
 * and the layout mounts the player (demo-player.tsx), which shows the steps.
 */
export function playDemo(scriptId: string, step = 0): void {
  if (!getPlayback()) presenterBefore = getPresenterMode();
  setPresenterMode(true);
  setPlayback({ scriptId, step, live: false, liveStep: null });
  // Refused outside a user's gesture, in some browsers and frames: the demo plays in the page.
  document.documentElement.requestFullscreen?.().catch(() => {});
}

/** Ends the demo: the snapshot closed, presenter mode and full screen as they were. */
export function stopDemo(): void {
  if (!getPlayback()) return;
  setPlayback(null);
  closeSnapshot();
  setPresenterMode(presenterBefore);
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}
