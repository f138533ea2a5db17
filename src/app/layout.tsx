import { lazy, Suspense, useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { KeyButton } from './key-button.tsx';
import { ModeBadge } from './mode-badge.tsx';
import { ENDPOINT_VIEW_LIST } from '../api/endpoint-views.ts';
import { useKeyDialogOpen } from '../session/key-dialog-store.ts';
import { usePlayback } from '../session/demo-playback.ts';
import { useApiKey } from '../session/use-api-key.ts';
import { useFirstViewPainted, ViewPainted } from './first-view.tsx';
import { PresenterSwitch } from './presenter-switch.tsx';
import { Shortcuts } from './shortcuts.tsx';
import { trackersGlance } from '../workspace/trackers/scheduled-flag.ts';
import { useStore } from '../lib/store.ts';
import { ViewArrival } from './view-arrival.ts';

// Not needed for a first paint (docs/benchmarks.md): the account figures load once a key is
// set, the key dialog when it opens.
const AccountStatus = lazy(() => import('./account-status.tsx'));
// Runs trackers that are due while a tab is open; loaded only when one has a cadence (054).
const TrackerSchedule = lazy(() => import('../workspace/trackers/tracker-schedule.tsx'));
// The view's recent requests: only useful once a view is open.
const HistoryDrawer = lazy(() =>
  import('../workspace/history/history-drawer.tsx').then((m) => ({ default: m.HistoryDrawer })),
);
const KeyDialog = lazy(() => import('./key-dialog.tsx').then((m) => ({ default: m.KeyDialog })));
// These load once a view has painted (first-view.tsx): they show only once a request was left
// running, the browser's storage failed, or a request was pasted into a view's form (nobody
// pastes before the view is there).
const BackgroundRequests = lazy(() =>
  import('./background-requests.tsx').then((m) => ({ default: m.BackgroundRequests })),
);
const StorageNotices = lazy(() =>
  import('./page-notices.tsx').then((m) => ({ default: m.StorageNotices })),
);
const PasteRequests = lazy(() =>
  import('../workspace/interop/paste-requests.tsx').then((m) => ({ default: m.PasteRequests })),
);

// Only while a demo script plays (started on /demos or from the palette).
const DemoPlayer = lazy(() =>
  import('../workspace/demos/demo-player.tsx').then((m) => ({ default: m.DemoPlayer })),
);

// A link whose view is still loading (the router keeps the current view until it is here)
// says so where it was clicked.
const navClass = ({ isActive, isPending }: { isActive: boolean; isPending: boolean }) =>
  `rounded px-2 py-1 text-sm whitespace-nowrap ${isActive ? 'bg-teal-700 text-white' : isPending ? 'animate-pulse bg-slate-100 dark:bg-slate-800' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`;

export function Layout() {
  const apiKey = useApiKey();
  const keyDialogOpen = useKeyDialogOpen();
  const viewPainted = useFirstViewPainted();
  const trackers = useStore(trackersGlance);
  const playing = usePlayback() !== null;
  const navRef = useRef<HTMLElement>(null);
  return (
    <div className="min-h-screen">
      <ViewArrival navRef={navRef} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <NavLink to="/" className="flex items-center gap-2 font-semibold">
            <img src="/favicon.svg" alt="" className="h-6 w-6" />
            Web Data Dashboard
          </NavLink>
          <ModeBadge />
          {/*
           * On a phone the account figures and the key have a row of their own, whether or not
           * there is a key yet: beside the title they would wrap in and out of a second row as
           * the key is found and the credits arrive, moving the whole page (a layout shift on
           * every load). Presenter mode has its switch on a phone too (a demo shown from one,
           * issue #36), in a shorter word.
           */}
          <div className="flex min-h-[2.25rem] basis-full items-center gap-2 sm:ml-auto sm:basis-auto">
            {apiKey !== null && (
              <Suspense fallback={null}>
                <AccountStatus />
              </Suspense>
            )}
            <div className="ml-auto flex items-center gap-2 sm:ml-0">
              <PresenterSwitch />
              <KeyButton />
            </div>
          </div>
        </div>
        <nav
          ref={navRef}
          aria-label="Views"
          className="mx-auto max-w-7xl overflow-x-auto px-4 pb-2"
        >
          <ul className="flex gap-1">
            <li>
              <NavLink to="/" end className={navClass}>
                Overview
              </NavLink>
            </li>
            {ENDPOINT_VIEW_LIST.map((spec) => (
              <li key={spec.id}>
                <NavLink to={spec.route} className={navClass}>
                  {spec.nav}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/batch" className={navClass}>
                Batch
              </NavLink>
            </li>
            <li>
              <NavLink to="/trackers" className={navClass}>
                Trackers
                {trackers.unseen > 0 && (
                  <>
                    <span className="sr-only">,</span>{' '}
                    {/* White on amber-700: 5:1, readable at this size. */}
                    <span className="rounded-full bg-amber-700 px-1.5 text-xs font-bold text-white">
                      {trackers.unseen}
                    </span>{' '}
                    <span className="sr-only">new alerts</span>
                  </>
                )}
              </NavLink>
            </li>
            <li>
              <NavLink to="/history" className={navClass}>
                History
              </NavLink>
            </li>
            <li>
              <NavLink to="/demos" className={navClass}>
                Demos
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-4">
        {viewPainted && (
          <Suspense fallback={null}>
            <BackgroundRequests />
            {/* The window's foot: what the page tells with an answer or a paste, stacked
                (each on its own would float over the other), over the page, not moving it. */}
            <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 mx-auto max-w-2xl space-y-2">
              <StorageNotices />
              <PasteRequests />
            </div>
          </Suspense>
        )}
        {/* The router renders a view once its code is here (router.tsx): no fallback. */}
        <Outlet />
        <ViewPainted />
        {/* Below the view: it appears with the view's first answer, and above the view it
            would push that answer down just as it arrives (a layout shift). */}
        {viewPainted && (
          <Suspense fallback={null}>
            <HistoryDrawer />
          </Suspense>
        )}
        {viewPainted && trackers.scheduled && (
          <Suspense fallback={null}>
            <TrackerSchedule />
          </Suspense>
        )}
      </main>
      {keyDialogOpen && (
        <Suspense fallback={null}>
          <KeyDialog />
        </Suspense>
      )}
      {playing && (
        <Suspense fallback={null}>
          <DemoPlayer />
        </Suspense>
      )}
      <Shortcuts />
    </div>
  );
}
