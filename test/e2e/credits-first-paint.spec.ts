import { expect, test, type Page } from '@playwright/test';
import { resetSandbox } from './helpers.ts';

/*
 * Issue #35 point 2: for someone who opens the dashboard to see the credits left, the overview's
 * figure is the page's largest contentful paint (Chromium's measure of its main paint), for a
 * returning tab (the key in the tab, the tour already offered), on a desktop and on a phone.
 */

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

type Paint = { testId: string | null; text: string; size: number };
declare global {
  interface Window {
    largestPaints: Paint[];
  }
}

/** Records every largest-paint candidate as it is reported (a removed element reads as null later). */
async function recordLargestPaints(page: Page) {
  await page.addInitScript(() => {
    window.largestPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        element: Element | null;
        size: number;
      })[])
        window.largestPaints.push({
          testId: entry.element?.getAttribute('data-testid') ?? null,
          text: entry.element?.textContent?.slice(0, 60) ?? '(removed)',
          size: entry.size,
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 412, height: 915 },
]) {
  test(`the overview's credits figure is its largest paint (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      sessionStorage.setItem('web-data-dashboard.api-key', 'demo-key');
      localStorage.setItem('web-data-dashboard.tour-offered', 'yes');
    });
    await recordLargestPaints(page);
    await page.goto('/');
    await expect(page.getByTestId('overview-credits-left')).toHaveText('100,000');
    // The latest candidate is the largest so far; nothing is typed or clicked, so none is final yet.
    await expect
      .poll(() => page.evaluate(() => window.largestPaints.at(-1)))
      .toMatchObject({ testId: 'overview-credits', text: '100,000 credits left' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, 'the page scrolls sideways').toBe(0);
  });
}
