import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Opens the key dialog and takes the sandbox demo key; waits for the credits in the header. */
export async function enterDemoKey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set API key' }).first().click();
  await page.getByRole('button', { name: 'Use the sandbox demo key' }).click();
  await expect(page.getByTestId('credits-pill')).toHaveText(/[\d,]+ credits left/);
}

/**
 * Opens the search view for `query`, takes the demo key and runs it (20 credits); resolves
 * with the results list once its first result shows.
 */
export async function searchWithDemoKey(page: Page, query: string): Promise<Locator> {
  await page.goto(`/search?query=${encodeURIComponent(query).replace(/%20/g, '+')}`);
  await enterDemoKey(page);
  await page.getByRole('button', { name: 'Search · 20 credits' }).click();
  const results = page.getByRole('list', { name: 'Organic results' });
  await expect(results.locator(':scope > li').first()).toBeVisible();
  return results;
}

/**
 * Console errors and uncaught exceptions of the page. `ignoreUrl` leaves out errors
 * logged for resources whose URL holds it (the realty map's one tile probe, offline here; the
 * sandbox's expired thumbnails).
 */
export function collectConsoleErrors(
  page: Page,
  { ignoreUrl = [] }: { ignoreUrl?: string | string[] } = {},
): string[] {
  const errors: string[] = [];
  const ignored = typeof ignoreUrl === 'string' ? [ignoreUrl] : ignoreUrl;
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (ignored.some((part) => m.location().url.includes(part))) return;
    errors.push(m.text());
  });
  // E2E_STACKS=1 adds each page error's stack (where a minified bundle threw), to find it.
  page.on('pageerror', (e) =>
    errors.push(e.message + (process.env.E2E_STACKS ? ` ${e.stack}` : '')),
  );
  return errors;
}

/** axe's serious and critical findings on the page as it stands, one line each ("where: rule (nodes) first target"). */
export async function seriousAxeIssues(
  page: Page,
  where: string,
  /** Only these axe rule tags (e.g. wcag2aa); every rule when absent. */
  tags?: string[],
): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (tags ? builder.withTags(tags) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

/**
 * Writes to the sandbox's control API (writes must be JSON). A fresh connection each time: a
 * kept-alive one that the preview server closes as idle at that moment fails with ECONNRESET.
 */
export async function sandboxControl(
  request: APIRequestContext,
  path: '/reset' | '/faults',
  data: object,
): Promise<void> {
  const res = await request.post(`/api/_sandbox${path}`, {
    data,
    headers: { connection: 'close' },
  });
  expect(res.status()).toBeLessThan(300);
}

/** Puts the sandbox back to its starting state (credits, faults, latency). */
export const resetSandbox = (request: APIRequestContext) => sandboxControl(request, '/reset', {});

/** A view whose request is an action (a webhook job): Run asks for a confirmation, nothing is cached. */
export const isActionView = (route: string): boolean => route.startsWith('/webhook');

/**
 * Presses the view's Run button (the one in its form that names its cost) and, on an action's
 * view, the confirmation it then asks for. Which view asks is known, not looked for: a check
 * of whether the confirmation is on screen yet would race its render.
 */
export async function pressRun(page: Page, route: string): Promise<void> {
  await page
    .getByRole('form', { name: /parameters$/ })
    .getByRole('button', { name: / · / })
    .first()
    .click();
  if (isActionView(route)) await confirmSubmission(page);
}

/** Gives an action's confirmation (webhook jobs); waits for it to be asked. */
export async function confirmSubmission(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Confirm and submit/ }).click();
}

/** Requests that spend credits: every /api path but the account and the sandbox's own routes. */
const METERED = /^\/api\/(?!account\b|_)/;

/**
 * Holds the page's next metered request in the network until the returned function is called,
 * so the view stays in its loading state for as long as a check of that state takes, however
 * loaded the machine (a sandbox delay can run out first, and the check then sees the results).
 */
export async function holdNextRequest(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => METERED.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/**
 * The layout shifts the page has had so far, once what it is showing has been laid out and
 * painted (two frames) and the observer has been handed every pending entry; for pages that
 * ran {@link recordLayoutShifts} first. Each shift as "value sources".
 */
export async function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const w = window as unknown as { __shifts: { take: () => string[] } };
    return w.__shifts.take();
  });
}

/** Starts recording the page's layout shifts (not caused by input) from its first paint on. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const seen: string[] = [];
    const describe = (e: Shift) =>
      `${e.value.toFixed(5)} ${e.sources
        .map(
          (s) =>
            `${s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : s.node?.textContent} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`,
        )
        .join(' | ')}`;
    const keep = (entries: PerformanceEntryList) => {
      for (const e of entries as Shift[]) if (!e.hadRecentInput) seen.push(describe(e));
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { __shifts: { take: () => string[] } }).__shifts = {
      take: () => {
        keep(observer.takeRecords());
        return [...seen];
      },
    };
  });
}

/**
 * Waits until the app has replaced a view's prerendered page (decision 024). Clicks wait by
 * themselves (the page is inert), but Playwright sets files and fills fields even in inert
 * content, where the app's first render would then drop them.
 */
export async function appLive(page: Page): Promise<void> {
  await expect(page.locator('#root:not([inert]) main')).toBeAttached();
}
