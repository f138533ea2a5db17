import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setApiKey } from '../../src/session/key-store.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const accountCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/account').length;

/** Requests may take a while when the machine is busy. */
const SLOW = { timeout: 10_000 };

/** The account's first reading is the "before" of the first measured request: wait for it. */
const accountRead = () => screen.findByRole('link', { name: /^[\d,]+ credits left$/ });

const glance = () => screen.findByRole('region', { name: 'Credits left' });
const costRow = (title: string) =>
  within(screen.getByRole('region', { name: 'Costs per endpoint' })).getByRole('row', {
    name: new RegExp(`^${title}`),
  });

describe('the account at a glance', () => {
  test('shows credits left with a gauge, used / plan, renewal, plan and concurrency', async () => {
    await sandboxControl.setCreditsUsed(1234);
    renderApp('/account');
    const panel = await glance();
    expect(await within(panel).findByText('98,766')).toBeInTheDocument();
    expect(within(panel).getByRole('meter', { name: /credits left/ })).toHaveAttribute(
      'aria-valuenow',
      '99',
    );
    expect(panel).toHaveTextContent('1,234 / 100,000');
    expect(panel).toHaveTextContent(/Renewsin 30 days \(\w{3} \d{1,2}, \d{4}\)/);
    expect(panel).toHaveTextContent('Sandbox · monthly');
    expect(panel).toHaveTextContent('Running now / limit0 / 5');
    const other = screen.getByRole('region', { name: 'Other fields' });
    expect(other).toHaveTextContent('screenshotConcurrencyLimit5');
    expect(other).toHaveTextContent('account_idsandbox-0001');
  });

  test('a minimal answer shows the credits and says "not reported" for the rest', async () => {
    await sandboxControl.setAccountShape('minimal');
    renderApp('/account');
    const panel = await glance();
    expect(await within(panel).findByText('100,000')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Renewsnot reported');
    expect(panel).toHaveTextContent('Plannot reported');
    expect(panel).toHaveTextContent('Running now / limitnot reported');
    expect(panel).not.toHaveTextContent(/NaN/);
  });

  test('an older deployment that says activeThread still shows concurrency', async () => {
    await sandboxControl.setAccountShape('activeThread');
    renderApp('/account');
    expect(await glance()).toHaveTextContent('Running now / limit0 / 5');
  });

  test('numbers sent as strings are read as numbers', async () => {
    await sandboxControl.setCreditsUsed(500);
    await sandboxControl.setAccountShape('strings');
    renderApp('/account');
    const panel = await glance();
    expect(await within(panel).findByText('99,500')).toBeInTheDocument();
    expect(panel).toHaveTextContent('in 30 days');
  });

  test('an empty answer shows "not reported" everywhere, never NaN or a crash', async () => {
    await sandboxControl.setAccountShape('empty');
    renderApp('/account');
    const panel = await glance();
    expect(await within(panel).findByTestId('account-credits-left')).toHaveTextContent(
      'not reported',
    );
    expect(within(panel).queryByRole('meter')).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent(/NaN|undefined/);
    expect(await screen.findByTestId('credits-pill')).toHaveTextContent('credits: unknown');
  });

  test('the header pill links to the account', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: '100,000 credits left' }));
    expect(router.state.location.pathname).toBe('/account');
  });
});

describe('this session’s usage', () => {
  test('the forecast gives a range from the rate of a stated window (decision 067)', async () => {
    const now = Date.now();
    // 1,000 credits in 2 hours with 99,000 used: 1,000 left, so 2 hours to go, give or take.
    const reading = (minAgo: number, used: number) => ({
      at: now - minAgo * 60_000,
      requestUsed: used,
      requestLimit: 100_000,
    });
    // The key first: a new key starts its usage afresh.
    setApiKey(DEMO_KEY);
    window.sessionStorage.setItem(
      'web-data-dashboard.session-usage',
      JSON.stringify({
        samples: [],
        requests: [],
        readings: [reading(120, 98_000), reading(0, 99_000)],
      }),
    );
    await sandboxControl.setCreditsUsed(99_000);
    renderApp('/account');
    const forecast = await screen.findByTestId('run-out-forecast');
    await waitFor(() =>
      expect(forecast).toHaveTextContent(
        "At the last 2 hours' rate (375–625 credits an hour), the credits left run out in 2–3 hours, before the plan renews in 30 days.",
      ),
    );
    expect(
      screen.getByRole('img', { name: /Credits left went from 2,000 to 1,000/ }),
    ).toBeInTheDocument();
  });

  test('with one refresh there is no forecast, and it says what it needs', async () => {
    renderApp('/account');
    await screen.findByTestId('account-updated-at');
    expect(screen.getByTestId('run-out-forecast')).toHaveTextContent(
      'No forecast yet: it needs account readings over at least 1 hour; this tab has read the account once.',
    );
  });

  test('credits spent by endpoint come from the requests this session made', async () => {
    const { user } = renderApp('/search?query=espresso');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByRole('list', { name: 'Organic results' }, SLOW);
    await user.click(screen.getByRole('link', { name: 'Account' }));
    const table = await screen.findByRole('table', { name: /^Credits spent by endpoint/ });
    expect(within(table).getByRole('row', { name: /^Search/ })).toHaveTextContent(
      'Search120 credits20 credits',
    );
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('20 credits');
  });
});

describe('measured costs', () => {
  test('a request nothing overlapped measures its cost, and Run then says "≈ N credits (measured)"', async () => {
    await sandboxControl.setCosts({ shorts: 10 });
    const { user } = renderApp('/shorts?query=cats');
    await accountRead();
    await user.click(await screen.findByRole('button', { name: 'Search shorts · unknown cost' }));
    expect(
      await screen.findByText('Fresh result · ≈ 10 credits (measured)', {}, SLOW),
    ).toBeInTheDocument();
    // The answer is this tab's now: the button says so.
    expect(screen.getByRole('button', { name: 'Search shorts · cached · 0 credits' })).toBeEnabled();
    // 99,990 left after the first search; another query would leave about 99,980.
    await user.type(screen.getByLabelText(/^Query/), ' and dogs');
    expect(
      screen.getByRole('button', { name: 'Search shorts · ≈ 10 credits (measured)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('≈ 99,980 left after')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await screen.findByRole('region', { name: 'Costs per endpoint' });
    expect(costRow('Short videos')).toHaveTextContent(
      'Short videosnot published10 credits (1 of 1 sample agrees)',
    );
  });

  test('a cost that changes shows the latest sample and how many samples agree with it', async () => {
    await sandboxControl.setCosts({ shorts: 10 });
    const { user } = renderApp('/shorts?query=owls');
    await accountRead();
    await user.click(await screen.findByRole('button', { name: 'Search shorts · unknown cost' }));
    await screen.findByText('Fresh result · ≈ 10 credits (measured)', {}, SLOW);
    await sandboxControl.setCosts({ shorts: 12 });
    await user.type(screen.getByLabelText(/^Query/), ' at night');
    await user.click(
      screen.getByRole('button', { name: 'Search shorts · ≈ 10 credits (measured)' }),
    );
    await screen.findByText('Fresh result · ≈ 12 credits (measured)', {}, SLOW);
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await screen.findByRole('region', { name: 'Costs per endpoint' });
    expect(costRow('Short videos')).toHaveTextContent('12 credits (1 of 2 samples agree)');
  });

  test('the two searches of a comparison overlap, so neither is measured', async () => {
    const { user } = renderApp('/search?query=espresso&vs_country=de');
    await user.click(await screen.findByRole('button', { name: 'Compare · 2 × 20 = 40 credits' }));
    expect(await screen.findByRole('list', { name: 'DE · en results' }, SLOW)).toBeInTheDocument();
    await waitFor(async () => expect(await accountCalls()).toBeGreaterThanOrEqual(2));
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await screen.findByRole('region', { name: 'Costs per endpoint' });
    expect(costRow('Search')).toHaveTextContent('Search20 creditsnot measured yet');
  });

  test('a measured cost that contradicts the published one is a warning, and Run keeps the published cost', async () => {
    await sandboxControl.setCosts({ search: 25 });
    const { user } = renderApp('/search?query=crema');
    await accountRead();
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByRole('list', { name: 'Organic results' }, SLOW);
    await waitFor(async () => expect(await accountCalls()).toBeGreaterThanOrEqual(2));
    expect(screen.getByText('Fresh result · 20 credits')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await screen.findByRole('region', { name: 'Costs per endpoint' });
    await waitFor(() =>
      expect(costRow('Search')).toHaveTextContent(
        '25 credits (1 of 1 sample agrees)Warning: differs from the published 20 credits',
      ),
    );
  });

  test('Reset measured costs forgets them, and Run says "unknown cost" again', async () => {
    await sandboxControl.setCosts({ realty: 10 });
    const { user } = renderApp('/shorts?query=dogs');
    await accountRead();
    await user.click(await screen.findByRole('button', { name: 'Search shorts · unknown cost' }));
    await screen.findByText('Fresh result · ≈ 0 credits (measured)', {}, SLOW);
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await user.click(await screen.findByRole('button', { name: 'Reset measured costs' }));
    expect(costRow('Short videos')).toHaveTextContent('not measured yet');
    await user.click(screen.getByRole('link', { name: 'Shorts' }));
    expect(
      await screen.findByRole('button', { name: 'Search shorts · unknown cost' }),
    ).toBeInTheDocument();
  });
});

describe('low-credit threshold', () => {
  beforeEach(() => {
    document.title = 'Web Data Dashboard';
  });
  afterEach(() => {
    document.title = 'Web Data Dashboard';
  });

  test('below the threshold the pill warns, the tab title shows the number and a banner says so once', async () => {
    await sandboxControl.setCreditsUsed(99_500);
    const { user } = renderApp('/account');
    await user.type(await screen.findByLabelText('Warn below (credits)'), '1,000');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    const banner = await screen.findByRole('region', { name: 'Low credits' });
    expect(banner).toHaveTextContent('Credits are below your threshold of 1,000: 500 left.');
    expect(document.title).toBe('500 credits left · Web Data Dashboard');
    expect(screen.getByTestId('credits-pill')).toHaveAttribute(
      'title',
      'Credits are low: open the account',
    );
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Low credits' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: 'Low credits' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('web-data-dashboard.low-credit-threshold')).toBe('1000');
  });

  test('above the threshold nothing warns', async () => {
    window.localStorage.setItem('web-data-dashboard.low-credit-threshold', '1000');
    renderApp('/account');
    expect(await screen.findByTestId('credits-pill')).toHaveAttribute('title', 'Open the account');
    expect(screen.queryByRole('region', { name: 'Low credits' })).not.toBeInTheDocument();
    expect(document.title).toBe('Web Data Dashboard');
  });

  test('a threshold that is not a whole number is refused next to the field and not kept', async () => {
    const { user } = renderApp('/account');
    const field = await screen.findByLabelText('Warn below (credits)');
    await user.type(field, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter a whole number of credits/);
    expect(window.localStorage.getItem('web-data-dashboard.low-credit-threshold')).toBeNull();
  });
});

describe('auto-refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
  });

  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      value: hidden ? 'hidden' : 'visible',
    });
    Object.defineProperty(document, 'hidden', { configurable: true, value: hidden });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };

  test('refreshes at the chosen interval and pauses while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/account');
    await screen.findByTestId('account-updated-at');
    await user.selectOptions(screen.getByLabelText('Auto-refresh'), 'Every 10 s');
    const before = await accountCalls();
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(async () => expect(await accountCalls()).toBe(before + 1));

    setHidden(true);
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(await accountCalls()).toBe(before + 1);

    setHidden(false);
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(async () => expect(await accountCalls()).toBeGreaterThan(before + 1));
  });
});
