/**
 * A view's code loaded ahead of the navigation that shows it (a demo's next step, issue 41):
 * the navigation then finds it loaded, and its fetch and evaluation happen while the page
 * waits for something else, not in the step's own arrival. The app provides the loader (its
 * router's lazy routes, `app/view-code.ts`); code below the app asks by path. Until a loader is
 * provided (tests without the app, the first load) asking does nothing.
 */
type ViewCodeLoader = (pathname: string) => Promise<unknown>;

let loader: ViewCodeLoader | null = null;

export function provideViewCode(load: ViewCodeLoader): void {
  loader = load;
}

/** Starts loading the code of the view at `pathname`; a failure is the navigation's to say. */
export function loadViewCode(pathname: string): void {
  void loader?.(pathname).catch(() => {});
}
