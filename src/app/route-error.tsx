import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';

/** The error boundary of a view: the rest of the app (header, nav) keeps working. */
export function RouteError() {
  const error = useRouteError();
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
        <ErrorPanel error={error} />
      )}
      <div className="flex gap-3">
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn-link self-center">
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
