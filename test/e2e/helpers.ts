import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Opens the key dialog and takes the sandbox demo key; waits for the credits in the header. */
export async function enterDemoKey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set API key' }).first().click();
  await page.getByRole('button', { name: 'Use the sandbox demo key' }).click();
  await expect(page.getByTestId('credits-pill')).toHaveText(/[\d,]+ credits left/);
}

/**
 * Console errors and uncaught exceptions of the page. `ignoreUrl` leaves out errors
 * logged for a resource on that host (the realty map's one tile probe, offline here).
 */
export function collectConsoleErrors(
  page: Page,
  { ignoreUrl }: { ignoreUrl?: string } = {},
): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (ignoreUrl && m.location().url.includes(ignoreUrl)) return;
    errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
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

/** Actions ask for a confirmation before they send (webhook jobs): gives it when asked. */
export async function confirmIfAsked(page: Page): Promise<void> {
  const confirm = page.getByRole('button', { name: /^Confirm and submit/ });
  if (await confirm.isVisible()) await confirm.click();
}

/**
 * Waits until the app has replaced a view's prerendered page (decision 024). Clicks wait by
 * themselves (the page is inert), but Playwright sets files and fills fields even in inert
 * content, where the app's first render would then drop them.
 */
export async function appLive(page: Page): Promise<void> {
  await expect(page.locator('#root:not([inert]) main')).toBeAttached();
}
