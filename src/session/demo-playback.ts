import { createStore, useStore } from '../lib/store.ts';

/**
 * The demo script playing in this tab, if any (issue #25): which step is on screen, and
 * whether the presenter chose a live replay. While a script plays from its recording the API
 * client sends nothing (api/client.ts refuses before `fetch`), whatever a view or a refresh
 * asks for: playing spends nothing and needs no upstream.
 */
export interface Playback {
  scriptId: string;
  step: number;
  /** The presenter asked (and saw the cost) for every step's request to run for real. */
  live: boolean;
  /** …or for this one step's request only. */
  liveStep: number | null;
  /**
   * "Check this script" (issue #36, point 5): every step is played in turn, from the
   * recording, and whether its view shows it is written down (workspace/demos/check-script.ts).
   */
  check?: true;
}

const playback = createStore<Playback | null>(null);

export const getPlayback = playback.get;
export const setPlayback = playback.set;
export const subscribePlayback = playback.subscribe;
export const usePlayback = (): Playback | null => useStore(playback);

/** True while a demo plays from its recording: nothing may be sent. */
export function sendingHeld(): boolean {
  const now = playback.get();
  return now !== null && !now.live && now.liveStep !== now.step;
}
