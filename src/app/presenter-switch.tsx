import { useLayoutEffect } from 'react';
import { inNextFrame } from '../lib/next-frame.ts';
import {
  setPresenterMode,
  setPresenterShowsCredits,
  usePresenterMode,
  usePresenterShowsCredits,
} from '../session/presenter-mode.ts';

/** The header's presenter-mode switch; it also scales the page (index.css, `data-presenter`). */
export function PresenterSwitch() {
  const on = usePresenterMode();
  const showsCredits = usePresenterShowsCredits();
  // In the next frame, before its paint: the larger type arrives with what turned it on (the
  // tour's click, a demo's first view). Set in the click's commit, it restyled and laid out the
  // whole page at the new size inside the click's task (Chromium lays the page out there to
  // update the hovered element): 29–62 ms of a 50–98 ms task at the reference phone, blocking
  // time of the /demos flow (issue 41). In the frame it is the layout the paint needs anyway.
  useLayoutEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    return inNextFrame(() => {
      root.dataset.presenter = 'on';
      return () => {
        delete root.dataset.presenter;
      };
    });
  }, [on]);
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label="Presenter mode"
        className="btn-secondary"
        title="Larger type; the key is hidden everywhere and cannot be revealed"
        onClick={() => setPresenterMode(!on)}
      >
        {/* A phone's header row has room for the short word (the name says it whole). */}
        <span className="sm:hidden">Presenter</span>
        <span className="hidden sm:inline">Presenter mode</span>
        <span
          aria-hidden="true"
          className={on ? 'text-teal-700 dark:text-teal-300' : 'text-slate-600 dark:text-slate-300'}
        >
          {on ? 'on' : 'off'}
        </span>
      </button>
      {/* The account's balance on a customer's screen is the presenter's choice (issue #40.11). */}
      {on && (
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={showsCredits}
            onChange={(e) => setPresenterShowsCredits(e.target.checked)}
            className="h-4 w-4 accent-teal-700"
          />
          Show credits
        </label>
      )}
    </>
  );
}
