import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePlayback } from '../session/demo-playback.ts';

// Only a broken view shows it, and it brings the request code: it loads when needed.
const ErrorPanel = lazy(() =>
  import('../components/error-panel.tsx').then((m) => ({ default: m.ErrorPanel })),
);

/**
 * The error boundary of a view: the rest of the app (header, nav) keeps working. While a demo
 * plays, its player's bar is the layout's and stays; the next step is a navigation, which the
 * router answers with that step's view (a route's error lasts until the location changes), so
 * the presenter is told to go on rather than to reload.
 */
export function RouteError() {
  const error = useRouteError();
  const playing = usePlayback() !== null;
  if (isRouteErrorResponse(error)) {
    return (
      <div role="alert" className="p-4">
        <p className="font-semibold">
          {error.status} {error.statusText}
        </p>
        <Link to="/" className="btn-link">
          Back to the overview
        </Link>
      </div>
    );
  }
  const chunkFailed =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="space-y-3 p-4">
      <h1 className="text-lg font-semibold">This view stopped working.</h1>
      {chunkFailed ? (
        <p role="alert">
          The view's code could not be loaded (the dashboard may have been updated). Reload the
          page.
        </p>
      ) : (
        <Suspense fallback={<p role="status">Reading the error…</p>}>
          <ErrorPanel error={error} />
        </Suspense>
      )}
      {playing && (
        <p data-testid="demo-goes-on">
          The demo goes on: press Next → in the player (or the → key) for the next step.
        </p>
      )}
      <div className="flex gap-3">
        {!playing && (
          <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
        <Link to="/" className="btn-link self-center">
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
