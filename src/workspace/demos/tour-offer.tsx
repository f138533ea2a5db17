import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSandboxMode } from '../../components/use-sandbox-mode.ts';
import { createStoredStore, useStore } from '../../lib/store.ts';
import { keepTour, loadDemos } from './demo-store.ts';
import { openDemoFile } from './open-demo-file.ts';
import { notPresenting, playDemo, presentNow } from './play-demo.ts';

/** The sandbox serves the tour (src/sandbox/tour.ts); the live service has none. */
const TOUR_URL = '/api/_sandbox/tour';
/** The tour keeps one place among the scripts: a new copy replaces the last one. */
const TOUR_ID = 'sandbox-tour';

/** Whether the first-visit offer was answered (taken or dismissed), for this browser. */
const tourOffered = createStoredStore({
  storage: 'local',
  key: 'web-data-dashboard.tour-offered',
  parse: (text) => text === 'yes',
  serialize: (done) => (done ? 'yes' : null),
});

/**
 * Loads the sandbox's tour, keeps it among the scripts (replacing an earlier copy) and plays
 * it. Resolves with a message when it cannot.
 */
export function useStartTour(): {
  start: () => Promise<string | null>;
  loading: boolean;
} {
  const [loading, setLoading] = useState(false);
  const start = useCallback(async () => {
    setLoading(true);
    // The larger type now, as the click's answer: the tour takes a while to read (decision 094).
    presentNow();
    let started = false;
    try {
      const res = await fetch(TOUR_URL);
      if (!res.ok) return 'The tour comes with the sandbox, which this dashboard is not using.';
      // Read off the page's thread, as a file is (decision 088): parsing and checking the tour
      // on the page was a 500 ms task at the reference phone, between the click and step 1.
      // Its answers are written there too (decision 117): the page keeps the outline alone.
      const reading = await openDemoFile(
        await res.blob(),
        { progress: () => {}, signal: new AbortController().signal },
        { store: 'answers' },
      );
      if (!reading?.ok) return `The tour could not be read: ${reading?.error ?? 'cancelled'}`;
      await loadDemos();
      keepTour({ ...reading.script, id: TOUR_ID });
      tourOffered.set(true);
      // The scripts' list shows the tour in this task, the player starts in the next: in one,
      // the worker's last message ran both and the first step's opening (400 ms at the reference
      // phone, issue 41).
      await new Promise((next) => setTimeout(next, 0));
      playDemo(TOUR_ID);
      started = true;
      return null;
    } catch {
      return 'The tour could not be loaded: the dashboard server did not answer.';
    } finally {
      if (!started) notPresenting();
      setLoading(false);
    }
  }, []);
  return { start, loading };
}

/**
 * "Take the tour" (sandbox mode only), on the demo scripts page; `autoStart` (the command
 * palette's "Take the tour") starts it once the mode is known.
 */
export function TourOffer({ autoStart }: { autoStart: boolean }) {
  const sandbox = useSandboxMode();
  const { start, loading } = useStartTour();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!autoStart || !sandbox || started.current) return;
    started.current = true;
    void start().then(setError);
  }, [autoStart, sandbox, start]);
  if (!sandbox) return null;
  return (
    <p className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn-secondary"
        disabled={loading}
        onClick={() => void start().then(setError)}
      >
        Take the tour
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        The sandbox’s walk through every view, with captions (nothing is sent).
      </span>
      {error && (
        <span role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </p>
  );
}

/**
 * The first visit in sandbox mode offers the tour once (taken or dismissed, it is not offered
 * again in this browser; the command palette and the demo scripts page keep it at hand).
 */
export function FirstVisitTour() {
  const sandbox = useSandboxMode();
  const offered = useStore(tourOffered);
  const { start, loading } = useStartTour();
  const [error, setError] = useState<string | null>(null);
  if (!sandbox || offered) return null;
  return (
    <aside
      aria-label="Tour"
      className="flex flex-wrap items-center gap-3 rounded border border-violet-300 bg-violet-50 p-3 dark:border-violet-700 dark:bg-violet-950/40"
    >
      <span>
        New here? Take a short tour of every view, with the sandbox’s answers: nothing is sent and
        nothing is spent. It stays in <Link to="/demos">Demos</Link>.
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={loading}
          onClick={() => void start().then(setError)}
        >
          Take the tour
        </button>
        <button type="button" className="btn-secondary" onClick={() => tourOffered.set(true)}>
          Not now
        </button>
      </span>
      {error && (
        <span role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </aside>
  );
}
