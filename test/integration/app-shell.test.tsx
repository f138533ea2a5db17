import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';
import { remembered } from '../../src/session/key-remembered.ts';

const ROUTES: [string, RegExp][] = [
  ['/', /overview/i],
  ['/search', /^search$/i],
  ['/shorts', /short videos/i],
  ['/autocomplete', /autocomplete/i],
  ['/realty', /realty/i],
  ['/screenshot', /screenshot/i],
  ['/account', /account/i],
  ['/webhook', /webhook jobs/i],
  ['/batch', /^batch$/i],
  ['/no-such-page', /page not found/i],
];

describe('app shell', () => {
  test.each(ROUTES)('renders %s with its heading and the header', async (route, heading) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Views' })).toBeInTheDocument();
    expect(await screen.findByText('SANDBOX')).toBeInTheDocument();
  });

  test('shows the credits left and the concurrency in the header', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: '100,000 credits left' })).toBeInTheDocument();
    expect(screen.getByTestId('concurrency')).toHaveTextContent('0 / 5 running');
  });

  test('the key dialog offers the sandbox demo key, masks input, reveals and clears', async () => {
    const { user } = renderApp('/', { apiKey: null });
    await user.click((await screen.findAllByRole('button', { name: 'Set API key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    const input = within(dialog).getByLabelText('Your personal key');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'my-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Use the sandbox demo key' }));
    // Checked with the account request first, then kept and the dialog closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: '100,000 credits left' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('web-data-dashboard.api-key')).toBe('demo-key');

    // Had the browser been asked to remember it, Clear key stops it handing the key to new tabs.
    remembered.set(true);
    await user.click(screen.getByRole('button', { name: /Key ••••-key/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear key' }),
    );
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('web-data-dashboard.key-remembered')).toBeNull();
    expect(screen.queryByTestId('credits-pill')).not.toBeInTheDocument();
  });

  test('Escape closes the key dialog and returns focus', async () => {
    const { user } = renderApp('/', { apiKey: null });
    const opener = (await screen.findAllByRole('button', { name: 'Set API key' }))[0]!;
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('shared request panel', () => {
  test('opening a link fills the form and spends nothing', async () => {
    renderApp('/search?query=espresso&country=gb');
    expect(await screen.findByLabelText(/^Query/)).toHaveValue('espresso');
    expect(screen.getByLabelText(/^Country/)).toHaveValue('gb');
    expect(screen.getByRole('button', { name: 'Search · 20 credits' })).toBeInTheDocument();
    expect(await screen.findByText('99,980 left after')).toBeInTheDocument();
    const ledger = await sandboxControl.ledger();
    expect(ledger.calls.filter((c) => c.endpoint !== '/account')).toEqual([]);
  });

  test('bad input gets a message next to the field and sends nothing', async () => {
    const { user } = renderApp('/search?country=usa');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    expect(screen.getByText('Query is required.')).toBeInTheDocument();
    expect(screen.getByText(/two-letter country code such as us/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Query/)).toHaveAttribute('aria-invalid', 'true');
    expect((await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search')).toEqual(
      [],
    );
  });

  test('runs on Run, shows the result in the inspector and refreshes the credits', async () => {
    const { user, router } = renderApp('/search');
    await user.type(await screen.findByLabelText(/^Query/), 'flat white');
    expect(router.state.location.search).toBe('?query=flat+white');
    await user.click(screen.getByRole('button', { name: /Search · 20 credits/ }));
    expect(await screen.findByRole('list', { name: 'Organic results' })).toBeInTheDocument();
    const inspector = screen.getByRole('region', { name: 'Request inspector' });
    expect(within(inspector).getByTestId('response-status')).toHaveTextContent('200');
    expect(within(inspector).getByTestId('request-url')).toHaveTextContent(
      'GET /api/search?query=flat%20white&api_key=•••',
    );
    expect(await screen.findByRole('link', { name: '99,980 credits left' })).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('demo-key');
  });

  test('an identical request is served from the cache at no cost, and Run again pays for a fresh copy', async () => {
    const { user } = renderApp('/search?query=latte');
    const run = await screen.findByRole('button', { name: /Search · 20 credits/ });
    await user.click(run);
    await screen.findByText('Fresh result · 20 credits');
    await user.click(run);
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    expect((await sandboxControl.ledger()).accounts['demo-key']?.requestUsed).toBe(20);
    await user.click(screen.getByRole('button', { name: 'Run again (20 credits)' }));
    await screen.findByText('Fresh result · 20 credits');
    expect((await sandboxControl.ledger()).accounts['demo-key']?.requestUsed).toBe(40);
  });

  test('Back after a second search shows the first one again from the cache', async () => {
    const { user, router } = renderApp('/search?query=first');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    await screen.findByText('Fresh result · 20 credits');
    const query = screen.getByLabelText(/^Query/);
    await user.clear(query);
    await user.type(query, 'second');
    await user.click(screen.getByRole('button', { name: /Search · 20 credits/ }));
    await screen.findByText('Fresh result · 20 credits');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText(/^Query/)).toHaveValue('first');
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Organic results' });
    expect(results).toHaveTextContent(/first/i);
    expect(results).not.toHaveTextContent(/second/i);
    expect((await sandboxControl.ledger()).accounts['demo-key']?.requestUsed).toBe(40);
  });

  test('coming back to a view whose request ran shows the result again without sending it', async () => {
    const { user, router } = renderApp('/search?query=macchiato');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    await screen.findByRole('list', { name: 'Organic results' });
    await act(() => router.navigate('/account'));
    await act(() => router.navigate('/search?query=macchiato'));
    expect(await screen.findByRole('list', { name: 'Organic results' })).toBeInTheDocument();
    expect(screen.getByText('cached · 0 credits')).toBeInTheDocument();
    expect(
      (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search'),
    ).toHaveLength(1);
  });

  test('snippets carry a key placeholder unless the user opts in', async () => {
    const { user } = renderApp('/search?query=mocha');
    await user.click(await screen.findByText('Code snippets'));
    // The snippets' code loads when they are first opened.
    await screen.findByLabelText('curl snippet');
    const code = () => screen.getByLabelText('curl snippet').textContent ?? '';
    expect(code()).toContain("--data-urlencode 'api_key=<API_KEY>'");
    expect(code()).not.toContain('demo-key');
    await user.click(screen.getByRole('radio', { name: 'Python' }));
    expect(screen.getByLabelText('python snippet')).toHaveTextContent('"api_key": "<API_KEY>"');
    await user.click(screen.getByRole('checkbox', { name: 'Include my key' }));
    expect(screen.getByLabelText('python snippet')).toHaveTextContent('"api_key": "demo-key"');
  });

  test.each([
    [401, /key was rejected/, 'No credits were spent.'],
    [403, /no credits left/, 'No credits were spent.'],
    [404, /target URL is wrong/, 'Credits were spent on this request.'],
    [410, /gave up after its internal retries/, 'No credits were spent.'],
    [429, /Too many requests at once/, 'No credits were spent.'],
    [503, /internal error \(HTTP 503\)/, 'Whether credits were spent is unknown.'],
  ])(
    'HTTP %i gives its own message and keeps the form and earlier results',
    async (status, title, charged) => {
      const { user } = renderApp('/search?query=cortado');
      await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
      await screen.findByRole('list', { name: 'Organic results' });
      await sandboxControl.fault({ kind: 'status', status });
      await user.clear(screen.getByLabelText(/^Query/));
      await user.type(screen.getByLabelText(/^Query/), 'ristretto');
      await user.click(screen.getByRole('button', { name: /Search · 20 credits/ }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(charged);
      expect(screen.getByLabelText(/^Query/)).toHaveValue('ristretto');
      expect(screen.getByRole('list', { name: 'Organic results' })).toHaveTextContent(/cortado/i);
      expect(screen.getByTestId('result-source')).toHaveTextContent(
        'Showing the earlier result for query=cortado.',
      );
    },
  );

  test('a slow request says it may take a minute and can be cancelled', async () => {
    await sandboxControl.fault({ kind: 'slow', delayMs: 5000 });
    const { user } = renderApp('/search?query=slow');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    expect(await screen.findByText(/can take up to a minute/)).toBeInTheDocument();
    expect(screen.getByTestId('concurrency')).toHaveTextContent('1 / 5 running');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/You cancelled the request/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Query/)).toHaveValue('slow');
    await waitFor(() =>
      expect(screen.queryByText(/can take up to a minute/)).not.toBeInTheDocument(),
    );
  });

  test('Run without a key opens the key dialog instead of sending', async () => {
    const { user } = renderApp('/search?query=tea', { apiKey: null });
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    expect(await screen.findByRole('dialog', { name: 'API key' })).toBeInTheDocument();
    expect((await sandboxControl.ledger()).calls).toEqual([]);
  });

  test('changing the key clears cached results', async () => {
    const { user, queryClient } = renderApp('/search?query=chai');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    await screen.findByRole('list', { name: 'Organic results' });
    const withData = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['search'], predicate: (q) => q.state.data !== undefined });
    expect(withData()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Key ••••-key/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Your personal key');
    await user.clear(input);
    await user.type(input, 'another-key{Enter}');
    // The sandbox refuses it (401): a refused key is not kept, and changes nothing.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/refused this key/);
    expect(withData()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    await waitFor(() => expect(withData()).toHaveLength(0));
    expect(screen.queryByRole('list', { name: 'Organic results' })).not.toBeInTheDocument();
  });
});
