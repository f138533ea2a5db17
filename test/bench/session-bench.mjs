// Parts 4 and 5 of `npm run bench`: scripted sessions in headless Chromium against the
// shared `vite preview`, counted by the sandbox's ledger (GET /api/_sandbox: every call
// with its endpoint, status and credits), so the numbers are what the upstream would bill.
// 4. Autocomplete: three words typed at 80 ms per key with live typing on send exactly one
//    request per word, and the suggestions on screen are those of the whole text (no stale
//    render). 5. Credits: search Q, open a result, go back, blur and focus the window, go
//    offline and online, leave the route and return, search Q again, capture the same
//    screenshot twice, remount: exactly one paid /search and one /screenshot.
import {
  enterDemoKey,
  launchChromium,
  offlineContext,
  resetSandbox,
  sandboxState,
} from './serve.mjs';

const WORDS = ['best', 'coffee', 'grinder'];
const KEY_DELAY_MS = 80;
const QUERY = 'espresso machines';
const SHOT = 'https://example.com/pricing';

async function newPage(browser, origin) {
  const context = await offlineContext(browser, origin, { viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

const callsTo = (state, endpoint) => state.calls.filter((c) => c.endpoint === endpoint).length;

async function autocompleteSession(browser, origin) {
  await resetSandbox(origin);
  const { context, page } = await newPage(browser, origin);
  try {
    // Live typing is off by default where a pause costs credits (the sandbox charges 2).
    await page.goto(`${origin}/autocomplete?live=1`);
    await enterDemoKey(page);
    const live = page.getByRole('switch', { name: 'Live typing' });
    if (!(await live.isChecked())) await live.click();
    const box = page.getByRole('combobox', { name: /Query/ });
    const text = WORDS.join(' ');
    await box.pressSequentially(text, { delay: KEY_DELAY_MS });
    const region = page.getByRole('region', { name: 'Suggestions' });
    await region.and(page.locator(`[data-query="${text}"]`)).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    const shownFor = await region.getAttribute('data-query');
    const requests = callsTo(await sandboxState(origin), '/engine_autocomplete');
    return {
      words: WORDS.length,
      keyDelayMs: KEY_DELAY_MS,
      requests,
      staleRender: shownFor !== text,
    };
  } finally {
    await context.close();
  }
}

async function creditsSession(browser, origin) {
  await resetSandbox(origin);
  const { context, page } = await newPage(browser, origin);
  const steps = [];
  const step = async (name, action) => {
    await action();
    await page.waitForTimeout(300);
    const s = await sandboxState(origin);
    steps.push({
      step: name,
      search: callsTo(s, '/search'),
      screenshot: callsTo(s, '/screenshot'),
    });
  };
  try {
    await page.goto(`${origin}/search?query=${encodeURIComponent(QUERY)}`);
    await enterDemoKey(page);
    const results = page.locator('ol[aria-label="Organic results"] li');
    await step('search Q', async () => {
      await page.getByRole('button', { name: /^Search ·/ }).click();
      await results.first().waitFor();
    });
    await step('open a result, go back', async () => {
      const link = results.first().getByRole('link').first();
      // Decide from the link, not from a timer: a popup can take seconds on a loaded machine,
      // and going back from the search page instead would leave it (the run then timed out).
      if ((await link.getAttribute('target')) === '_blank') {
        const popup = context.waitForEvent('page');
        await link.click();
        await (await popup).close();
      } else {
        const searchUrl = page.url();
        await link.click();
        await page.waitForURL((url) => url.href !== searchUrl);
        await page.goBack();
      }
      await results.first().waitFor();
    });
    await step('blur and focus the window', async () => {
      await page.evaluate(() => {
        window.dispatchEvent(new Event('blur'));
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', {
          value: 'visible',
          configurable: true,
        });
        document.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
    });
    await step('go offline and online', async () => {
      await context.setOffline(true);
      await page.waitForTimeout(300);
      await context.setOffline(false);
    });
    await step('leave the route and return', async () => {
      await page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('link', { name: 'Overview' })
        .click();
      // The URL, not a heading: the search page has a heading too, and going back before the
      // route changed would leave the dashboard.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.goBack();
      await results.first().waitFor();
    });
    await step('search Q again', async () => {
      await page.getByLabel(/^Query/).fill(QUERY);
      await page.getByRole('button', { name: /^Search ·/ }).click();
      await results.first().waitFor();
    });
    await page.goto(`${origin}/screenshot?url=${encodeURIComponent(SHOT)}`);
    const image = page.getByRole('img', { name: `Screenshot of ${SHOT}` });
    await step('capture a screenshot', async () => {
      await page.getByRole('button', { name: /^Capture ·/ }).click();
      await image.waitFor();
    });
    await step('capture the same screenshot again', async () => {
      await page.getByRole('button', { name: /^Capture ·/ }).click();
      await image.waitFor();
    });
    await step('remount (reload the page)', async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(1000);
    });
    const last = steps[steps.length - 1];
    return { steps, search: last.search, screenshot: last.screenshot };
  } finally {
    await context.close();
  }
}

export async function benchSessions({ origin }) {
  const browser = await launchChromium();
  try {
    const autocomplete = await autocompleteSession(browser, origin);
    const credits = await creditsSession(browser, origin);
    const broken = [];
    if (autocomplete.requests !== autocomplete.words || autocomplete.staleRender)
      broken.push(
        `autocomplete: ${autocomplete.requests} requests for ${autocomplete.words} words${autocomplete.staleRender ? ', stale suggestions on screen' : ''} (budget: one per word, none stale)`,
      );
    if (credits.search !== 1 || credits.screenshot !== 1)
      broken.push(
        `credits session: ${credits.search} paid /search and ${credits.screenshot} /screenshot (budget: exactly 1 each)`,
      );
    return { autocomplete, credits, broken };
  } finally {
    await browser.close();
  }
}

export function sessionsReport(r) {
  const a = r.autocomplete;
  return [
    `\n4. Autocomplete: "${WORDS.join(' ')}" typed at ${a.keyDelayMs} ms per key, live typing on (sandbox ledger)`,
    `  requests sent ${a.requests} for ${a.words} words; suggestions on screen for the whole text: ${a.staleRender ? 'NO (stale)' : 'yes'}; budget: one per word → ${a.requests === a.words && !a.staleRender ? 'met' : 'MISSED'}`,
    '\n5. Credits: one scripted session (sandbox ledger, cumulative paid calls after each step)',
    ...r.credits.steps.map(
      (s) => `  ${s.step.padEnd(36)} /search ${s.search}   /screenshot ${s.screenshot}`,
    ),
    `  budget: exactly 1 /search and 1 /screenshot → ${r.credits.search === 1 && r.credits.screenshot === 1 ? 'met' : 'MISSED'}`,
  ].join('\n');
}
