import { expect, test, type Page } from '@playwright/test';
import {
  appLive,
  enterDemoKey,
  holdNextRequest,
  isActionView,
  pressRun,
  resetSandbox,
  sandboxControl,
  seriousAxeIssues,
} from './helpers.ts';

// Every view in its empty, loading, results and error states: axe (WCAG 2.0 A/AA, 2.1 AA and
// best practices) finds no serious or critical issue, and the keyboard alone reaches every
// action on the page. Issue #13.

const VIEWS = [
  '/search?query=coffee',
  '/shorts?query=cats',
  '/autocomplete?query=how+to',
  '/realty?url=https%3A%2F%2Fwww.realty.example%2Fhomes%2Fseattle-wa_rb%2F',
  '/screenshot?url=https%3A%2F%2Fexample.com%2F&width=640&height=400',
  '/webhook?url=https%3A%2F%2Fexample.com%2F',
];

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const axeIssues = (page: Page, where: string) =>
  seriousAxeIssues(page, where, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);

/** Tabs through the whole page; returns what was focused, as a set of element handles' ids. */
async function unreachableByKeyboard(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(
      'main a[href], main button:not([disabled]), main input:not([disabled]), main select:not([disabled]), main textarea:not([disabled]), main summary, main [tabindex]:not([tabindex="-1"])',
    )) {
      // Closed <details> content and hidden elements are not expected to take focus.
      const visible = el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
      // In a radio group only the checked radio takes Tab; arrow keys move between the others.
      const otherRadio =
        el instanceof HTMLInputElement &&
        el.type === 'radio' &&
        !el.checked &&
        el.name !== '' &&
        document.querySelector(`input[type="radio"][name="${el.name}"]:checked`) !== null;
      // A toolbar is one Tab stop (roving tabindex): arrow keys reach its other members.
      const otherInToolbar =
        el.getAttribute('tabindex') === '-1' &&
        el.closest('[role="toolbar"]')?.querySelector('[tabindex="0"]') != null;
      if (visible && !otherRadio && !otherInToolbar && !el.closest('[inert], [aria-hidden="true"]'))
        el.dataset.kbd = String(n++);
    }
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const total = await page.locator('[data-kbd]').count();
  const reached = new Set<string>();
  for (let i = 0; i < total * 3 + 60 && reached.size < total; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.kbd,
    );
    if (id !== undefined) reached.add(id);
  }
  return page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-kbd]')]
        .filter((el) => !seen.includes(el.dataset.kbd ?? ''))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`,
        ),
    [...reached],
  );
}

for (const route of VIEWS) {
  test(`${route.split('?')[0]}: no serious axe issue in any state, and the keyboard reaches every action`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await enterDemoKey(page);
    await page.goto(route);
    // The live view, not its prerendered picture (decision 024).
    await appLive(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const issues = await axeIssues(page, `${route} empty`);

    const release = await holdNextRequest(page);
    await pressRun(page, route);
    // Running: the progress banner or a view's own inline progress, each with Cancel. The
    // request waits in the network until axe has looked at that state.
    await expect(page.getByRole('button', { name: 'Cancel' }).first()).toBeVisible();
    issues.push(...(await axeIssues(page, `${route} loading`)));
    release();

    await expect(page.getByTestId('response-status')).toHaveText('200', { timeout: 15_000 });
    issues.push(...(await axeIssues(page, `${route} results`)));
    expect(await unreachableByKeyboard(page), `${route}: not reachable by Tab`).toEqual([]);

    await sandboxControl(request, '/faults', { kind: 'status', status: 503 });
    await pressRun(page, route);
    if (!isActionView(route)) {
      // A read's same request again is answered from the cache, once the run's render is
      // through (a transition): Run again then pays for a fresh copy, which meets the fault.
      await expect(page.getByTestId('result-source')).toContainText('cached · 0 credits');
      await page.getByRole('button', { name: /^Run again/ }).click();
    }
    // An action sends a new submission at once, which meets the fault.
    await expect(page.getByRole('alert').filter({ hasText: 'HTTP 503' })).toBeVisible();
    issues.push(...(await axeIssues(page, `${route} error`)));

    expect(issues).toEqual([]);
  });
}
