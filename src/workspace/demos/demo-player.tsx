import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/account-queries.ts';
import { ApiError } from '../../api/errors.ts';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EndpointId } from '../../api/endpoints.ts';
import { setPlayback, usePlayback, type Playback } from '../../session/demo-playback.ts';
import { setPresenterMode } from '../../session/presenter-mode.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { closeSnapshot, showSnapshot } from '../snapshots/snapshot-store.ts';
import { batchDefinitionState, carriesBatch } from '../runs/send-to-batch.ts';
import { openStep, type DemoScript, type DemoStep } from './demo-file.ts';
import { stepHref, stepPath, stepViewTitle } from './demo-steps.ts';
import { loadDemos } from './demo-store.ts';
import { livePrice, livePriceLabel, replaysLive, type LivePrice } from './live-replay.ts';
import { landOnStep, type StepFocus } from './land-on-step.ts';
import { hasPivot } from '../runs/lib/definition.ts';
import { lendRecordedAnswers } from './recorded-answers.ts';
import { withAnswers } from './step-answers.ts';
import { stopDemo } from './play-demo.ts';
import { inNextFrame } from '../../lib/next-frame.ts';
import { beforeNextPaint, whenIdle } from '../../lib/next-task.ts';
import { loadViewCode } from '../../lib/view-code.ts';
import {
  endCheck,
  noteStep,
  openingProblem,
  recordingProblem,
  useScriptCheck,
  watchStepView,
} from './check-script.ts';

/** Keys the page keeps for itself: typing in a field, or Space on a button or link. */
function isOwnKey(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return e.key === ' ' && target.closest('button, a, summary') !== null;
}

/**
 * Shows the step of the playback: its view with its recorded answer (or run live). Returns why
 * the step cannot be shown, if so, and whether a step has been shown (or has failed) yet.
 */
function useShowStep(
  script: DemoScript | null,
  playback: Playback,
): { error: string | null; arrived: boolean } {
  const navigate = useNavigate();
  // Back to the script and its report once the check ended (its store says so) and the last
  // step's view has settled its arrival: the batch view takes the step's batch and then replaces
  // its URL, which, landing after our navigation, kept the page on that view. The demo stops with
  // the navigation (the player goes).
  const check = useScriptCheck();
  const checkedAll = playback.check && check?.done ? check.scriptId : null;
  /** In a check: what the step's view did (null: it rendered); then the next step, or the end. */
  const onChecked = useEffectEvent((checked: DemoStep, problem: string | null) => {
    if (!playback.check || !script || script.steps[playback.step] !== checked) return;
    noteStep(script.id, checked, problem);
    if (playback.step + 1 < script.steps.length)
      return setPlayback({ ...playback, step: playback.step + 1 });
    endCheck(script.id);
  });
  const location = useLocation();
  useEffect(() => {
    if (checkedAll === null || carriesBatch(location.state)) return;
    void navigate(`/demos?script=${checkedAll}`);
    stopDemo();
  }, [checkedAll, location, navigate]);
  const queryClient = useQueryClient();
  // The player's bar arrives with the first step's view, in the commit that shows it and
  // before its paint. Presenter mode is on from Play's click (play-demo.ts, decision 094); it
  // is set here again for a check, which turns it on with its first view.
  const arriving = useRef(false);
  const [arrived, setArrived] = useState(false);
  const arrivedRef = useRef(false);
  /** What the step that navigated lands on, once its view is on the page. */
  const landing = useRef<StepFocus | null>(null);
  const stopLanding = useRef(() => {});
  /** In a check: the step whose view is being navigated to, to watch once it is there. */
  const checking = useRef<DemoStep | null>(null);
  useLayoutEffect(() => {
    const watched = checking.current;
    if (watched) {
      checking.current = null;
      void watchStepView(watched).then((problem) => onChecked(watched, problem));
    }
    if (arriving.current) {
      arriving.current = false;
      arrivedRef.current = true;
      setPresenterMode(true);
      setArrived(true);
    }
    const focus = landing.current;
    if (!focus) return;
    landing.current = null;
    stopLanding.current();
    // Before the next paint, in a task of its own if it comes first (beforeNextPaint): scrolling
    // to the result in this commit forced a layout of the new view at the old type size, then
    // focusing the bar another at presenter size, in React's task (430 ms at the reference
    // phone, issue 41); in the frame, the view's layout, the results the scroll showed and the
    // paint were one task of 90–150 ms.
    stopLanding.current = beforeNextPaint(() => landOnStep(focus));
  }, [location]);
  useEffect(() => () => stopLanding.current(), []);
  // Which step could not be shown and why: a message about another step is not shown.
  const [failed, setFailed] = useState<{ stepId: string; message: string } | null>(null);
  const step = script?.steps[playback.step];
  const index = playback.step;
  const name = script?.name ?? '';
  const live =
    (playback.live || playback.liveStep === playback.step) &&
    step !== undefined &&
    replaysLive(step);
  useEffect(() => {
    if (!step) return;
    // The view's code on its way while the step's answers are read (it was asked for only by
    // the navigation, after them: a round trip more before the step shows).
    const path = stepPath(step);
    if (path) loadViewCode(path);
    if (playback.check) {
      const lacking = recordingProblem(step);
      if (lacking) return onChecked(step, lacking);
      checking.current = step;
    }
    // Each step lands on what matters in its view (land-on-step.ts): realty's map, the result.
    const go = (href: string, state?: unknown) => {
      if (!arrivedRef.current) arriving.current = true;
      landing.current = stepFocus(step);
      void navigate(href, { state });
      window.scrollTo(0, 0);
    };
    let current = true;
    const { snapshot, batch } = step;
    const batchAnswers = batch && step.also ? step.also : [];
    if (batch && batchAnswers.length === 0) {
      // The batch's form, filled and priced: nothing is sent unless Run is pressed.
      closeSnapshot();
      go('/batch', batchDefinitionState(batch, `the demo step “${step.title}”`));
      return;
    }
    // Known once it is live (a read of the catalogue) or opened: an unknown view has no URL.
    const href = () =>
      stepHref(snapshot!.request.endpoint as EndpointId, snapshot!.request.params, step.view);
    if (live) {
      // The view runs its own request on arrival (useRunOnArrival): cached answers are free.
      closeSnapshot();
      go(href(), { run: true });
      return;
    }
    // A script read from a file keeps its steps' answers apart (decision 102): read now.
    withAnswers(step)
      .then(({ snapshot: recorded, also }) =>
        Promise.all([...(recorded ? [recorded] : []), ...(also ?? [])].map(openStep)),
      )
      .then(
        (answers) => {
          if (!current) return;
          if (batch) {
            // The batch with its cells' recorded answers, its pivot as recorded (decision 097).
            closeSnapshot();
            lendRecordedAnswers(queryClient, answers);
            go('/batch', batchDefinitionState(batch, `the demo step “${step.title}”`, true));
            return;
          }
          const [open, ...also] = answers;
          if (!open) return;
          // The view shows the other answers beside its own from the cache (search's
          // comparison reads both there): the step's own answer goes with them.
          if (also.length > 0) lendRecordedAnswers(queryClient, [open, ...also]);
          showSnapshot(open, `step ${index + 1} of the demo “${name}”, as recorded`);
          // A reopening: a view still on the page from the step before follows its URL again
          // (a comparison, a ladder shown or gone), as Back/Forward would (shown-result.ts).
          go(href(), { reopen: true });
        },
        (e: unknown) => {
          if (!current) return;
          setPresenterMode(true);
          setArrived(true);
          const message = e instanceof Error ? e.message : String(e);
          setFailed({ stepId: step.id, message });
          if (playback.check) {
            checking.current = null;
            onChecked(step, openingProblem(message));
          }
        },
      );
    return () => {
      current = false;
    };
  }, [step, live, navigate, index, name, queryClient, playback.check]);
  return { error: failed && failed.stepId === step?.id ? failed.message : null, arrived };
}

/** The script that plays, once loaded from this tab's demos; a script not found stops the demo. */
function usePlayedScript(playback: Playback | null): DemoScript | null {
  const [script, setScript] = useState<DemoScript | null>(null);
  useEffect(() => {
    if (!playback) return;
    let current = true;
    void loadDemos().then((all) => {
      if (!current) return;
      const found = all.find((s) => s.id === playback.scriptId) ?? null;
      if (found) setScript(found);
      else stopDemo();
    });
    return () => {
      current = false;
    };
  }, [playback?.scriptId]); // eslint-disable-line react-hooks/exhaustive-deps
  return script;
}

/**
 * The player's keys (← / → and Space move, Esc leaves; leaving full screen leaves too), and room
 * below the page for the bar, from before the bar's first paint: the padding and the bar arrive
 * together.
 */
function usePlayerKeys(playback: Playback | null, go: (to: number) => void): void {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isOwnKey(e) || !playback) return;
    if (e.key === 'ArrowRight' || e.key === ' ') go(playback.step + 1);
    else if (e.key === 'ArrowLeft') go(playback.step - 1);
    else if (e.key === 'Escape') stopDemo();
    else return;
    e.preventDefault();
  });
  const onFullscreenChange = useEffectEvent(() => {
    // Esc in full screen is the browser's: it leaves full screen, and with it the demo.
    if (!document.fullscreenElement) stopDemo();
  });
  useLayoutEffect(() => {
    const key = (e: KeyboardEvent) => onKey(e);
    const screen = () => onFullscreenChange();
    window.addEventListener('keydown', key);
    document.addEventListener('fullscreenchange', screen);
    // The page's end stays readable above the player.
    document.body.style.paddingBottom = '16rem';
    return () => {
      window.removeEventListener('keydown', key);
      document.removeEventListener('fullscreenchange', screen);
      document.body.style.paddingBottom = '';
    };
  }, []);
}

/** The page's sheet for the dimmed layer's end; none where sheets cannot be built (jsdom). */
function roomRule(): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return null;
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}

/**
 * The page's end stays readable above the bar: as much room below it as the bar is tall (a
 * quarter of a phone's screen, more on a desktop with a long caption), measured before a paint.
 * The height is also the `bottom` of `.above-demo-bar`: a modal dialog's dimmed layer (a shorts
 * step's open preview) ends above the bar, so the caption is never covered (issue #36, point 2).
 * A rule of its own, not a custom property on the root: that one is inherited, so setting it
 * restyled every element of the page as the first step arrived (about 400; issue 41), where
 * this rule restyles the elements with its class.
 */
function useRoomForTheBar(region: RefObject<HTMLElement | null>, arrived: boolean): void {
  useLayoutEffect(() => {
    const bar = region.current;
    if (!arrived || !bar) return;
    // A constructed sheet: the server's policy (style-src 'self') refuses a <style> element.
    const room = roomRule();
    const makeRoom = (height: number) => {
      document.body.style.paddingBottom = `${height}px`;
      // The class twice: it outweighs the layer's own `bottom-0` in whatever order the view's
      // stylesheets arrive in the page.
      room?.replaceSync(`.above-demo-bar.above-demo-bar { bottom: ${height}px; }`);
    };
    // The observer gives the bar's height after the frame's own layout and before its paint.
    // Reading `offsetHeight` here instead laid out the first step's whole view inside React's
    // commit, at presenter size (about 380 ms of the step's arrival at the reference phone,
    // issue 41, decision 100). No ResizeObserver in jsdom (the tests): measured once.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            const box = entry?.borderBoxSize[0];
            makeRoom(box ? Math.round(box.blockSize) : bar.offsetHeight);
          });
    if (observer) observer.observe(bar);
    else makeRoom(bar.offsetHeight);
    return () => {
      observer?.disconnect();
      if (room) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== room);
    };
  }, [region, arrived]);
}

/**
 * The account's refresh asked for while the demo played was refused (nothing is sent), and the
 * header then said "credits: unavailable" until the next view (issue #36). When the demo ends
 * (the player goes) the account is asked again if its last try was held: it is free. Nothing
 * else is: a held request of a view was the presenter's, and is not sent unasked.
 */
function useAccountAfterTheDemo(queryClient: QueryClient): void {
  useEffect(
    () => () => {
      const { queryKey } = accountQueries.details();
      const error = queryClient.getQueryState(queryKey)?.error;
      if (error instanceof ApiError && error.kind === 'held')
        void queryClient.refetchQueries({ queryKey, exact: true });
    },
    [queryClient],
  );
}

/**
 * What a step lands on: realty's map; a batch's table when its answers were recorded, else its
 * pivot's settings when it has them (else its form's top).
 */
function stepFocus(step: DemoStep): StepFocus | null {
  if (step.batch) return step.also?.length ? 'table' : hasPivot(step.batch) ? 'pivot' : null;
  return step.snapshot.request.endpoint === 'realty' ? 'map' : 'result';
}

/** Where the step on screen comes from: a batch's form, a live run, or the recording. */
function stepSource(step: DemoStep | undefined, stepIsLive: boolean): string {
  if (step?.batch) return ' · the batch’s form: nothing is sent';
  if (stepIsLive && step && replaysLive(step)) return ' · live: this step ran for real';
  return ' · from the recording: nothing is sent';
}

/** One dot per step, the current one filled; pressing a dot goes to its step. */
function StepDots({
  steps,
  current,
  onGo,
}: {
  steps: readonly DemoStep[];
  current: number;
  onGo: (to: number) => void;
}) {
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-1">
      {steps.map((s, i) => (
        <li key={s.id}>
          <button
            type="button"
            aria-label={`Step ${i + 1}: ${s.title}`}
            aria-current={i === current ? 'step' : undefined}
            className={`block size-6 rounded-full border-2 border-violet-600 ${i === current ? 'bg-violet-600' : 'bg-transparent'}`}
            onClick={() => onGo(i)}
          />
        </li>
      ))}
    </ol>
  );
}

/** Asks before a live replay spends credits: what it runs and what it costs. */
function LiveReplayQuestion({
  all,
  price,
  onRun,
  onKeep,
}: {
  /** Every step, or the one on screen. */
  all: boolean;
  price: LivePrice;
  onRun: () => void;
  onKeep: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label="Run live"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p>
        {all
          ? 'A live replay runs every step’s request for real with this tab’s key: '
          : 'This step’s request runs for real with this tab’s key: '}
        {livePriceLabel(price)}.
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-primary" onClick={onRun}>
          Run live
        </button>
        <button type="button" className="btn-secondary" onClick={onKeep}>
          Keep playing the recording
        </button>
      </div>
    </div>
  );
}

/**
 * How long a step shows before the next step's view code loads: after the step's own arrival
 * (its view, its images, what that view loads when idle), well within what a presenter says
 * over a step.
 */
const NEXT_STEP_CODE_AFTER_MS = 2000;

/**
 * The next step's view code loads while this step shows, when the page is idle: moving on
 * (→, Next) then renders a view already loaded, where its chunk's fetch and evaluation were in
 * the step's arrival (the tour's later steps, issue 41).
 */
function useNextStepCode(script: DemoScript | null, step: number): void {
  const next = script?.steps[step + 1];
  const path = next ? stepPath(next) : null;
  useEffect(() => {
    if (!path) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => loadViewCode(path));
    }, NEXT_STEP_CODE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [path]);
}

/**
 * The player of a demo script (mounted by the layout while one plays): the step's view on the
 * page, and here its title, caption, step dots, Previous / Next, a live replay and Leave.
 * ← / → and Space move, Esc leaves (leaving full screen leaves too). Playing from the recording
 * sends nothing: the API client refuses while it plays (session/demo-playback.ts).
 */
export function DemoPlayer() {
  const playback = usePlayback();
  const script = usePlayedScript(playback);
  const region = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();
  /** Which live replay is being asked about: every step, or the one on screen. */
  const [askingLive, setAskingLive] = useState<'all' | 'step' | null>(null);
  const apiKey = useApiKey();

  const active = playback ?? { scriptId: '', step: 0, live: false, liveStep: null };
  const { error, arrived } = useShowStep(script, active);
  const count = script?.steps.length ?? 0;
  const go = (to: number) => {
    if (!playback || to < 0 || to >= count || to === playback.step) return;
    setPlayback({ ...playback, step: to });
  };
  usePlayerKeys(playback, go);
  // Keys reach the player from its first paint; the page stays where it is.
  useEffect(() => {
    if (arrived) return inNextFrame(() => region.current?.focus({ preventScroll: true }));
  }, [arrived]);
  useRoomForTheBar(region, arrived);
  useNextStepCode(arrived ? script : null, playback?.step ?? 0);
  // A phone's bar scrolls (a quarter of the screen at most): each step shows its title first.
  useEffect(() => {
    region.current?.scrollTo?.({ top: 0 });
  }, [playback?.step]);
  useAccountAfterTheDemo(queryClient);

  if (!playback || !script || !arrived) return null;
  const step = script.steps[playback.step];
  const price =
    askingLive && step
      ? livePrice(askingLive === 'all' ? script.steps : [step], queryClient)
      : null;
  const stepIsLive = playback.live || playback.liveStep === playback.step;
  const noKeyTitle = apiKey ? undefined : 'Set an API key to run requests live';

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Demo player"
      // Above the view's own layers (a map's panes, realty's drawer at 1100), under dialogs
      // (1500+). On a phone at most a quarter of the screen: the rest is the step's view.
      className="fixed inset-x-0 bottom-0 z-[1200] max-h-[25svh] overflow-y-auto border-t-4 border-violet-500 bg-white p-2 shadow-2xl outline-none sm:max-h-none sm:p-4 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-5xl space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {script.name} · step {playback.step + 1} of {count}
          {step && ` · ${stepViewTitle(step)}`}
          {stepSource(step, stepIsLive)}
        </p>
        <h2 className="text-lg font-semibold sm:text-xl">{step?.title}</h2>
        <p aria-live="polite" className="sm:text-lg">
          {step?.caption}
        </p>
        {error && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            This step cannot be shown: {error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={playback.step === 0}
            onClick={() => go(playback.step - 1)}
          >
            ← Previous
          </button>
          <StepDots steps={script.steps} current={playback.step} onGo={go} />
          <button
            type="button"
            className="btn-primary"
            disabled={playback.step >= count - 1}
            onClick={() => go(playback.step + 1)}
          >
            Next →
          </button>
          {!stepIsLive && step && replaysLive(step) && (
            <button
              type="button"
              className="btn-secondary"
              disabled={!apiKey}
              title={noKeyTitle}
              onClick={() => setAskingLive('step')}
            >
              Run this step live…
            </button>
          )}
          {!playback.live && (
            <button
              type="button"
              className="btn-secondary"
              disabled={!apiKey}
              title={noKeyTitle}
              onClick={() => setAskingLive('all')}
            >
              Replay all live…
            </button>
          )}
          <button type="button" className="btn-secondary ml-auto" onClick={stopDemo}>
            Leave demo (Esc)
          </button>
        </div>
        {price && (
          <LiveReplayQuestion
            all={askingLive === 'all'}
            price={price}
            onRun={() => {
              setAskingLive(null);
              setPlayback(
                askingLive === 'all'
                  ? { ...playback, live: true }
                  : { ...playback, liveStep: playback.step },
              );
            }}
            onKeep={() => setAskingLive(null)}
          />
        )}
      </div>
    </section>
  );
}
