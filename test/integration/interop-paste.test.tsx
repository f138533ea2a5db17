import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { getApiKey } from '../../src/session/key-store.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';
import { PASTED_CURL, PASTED_KEY } from '../pasted-request-sample.ts';

/** Calls the sandbox got for the API's endpoints, the account's own refreshes left out. */
const apiCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint !== '/account').length;

/**
 * Renders the app and waits until pastes into forms are read: that code loads once the first
 * view has painted, and a paste before that is an ordinary paste.
 */
async function renderReading(...args: Parameters<typeof renderApp>) {
  const listening = vi.spyOn(document, 'addEventListener');
  const app = renderApp(...args);
  await waitFor(() => expect(listening).toHaveBeenCalledWith('paste', expect.any(Function)));
  return app;
}

/** Everything the page keeps that a key must never reach, as one string. */
function everythingKept(router: { state: { location: { pathname: string; search: string } } }) {
  const { pathname, search } = router.state.location;
  const storage = (s: Storage) =>
    Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n');
  const fields = Array.from(document.querySelectorAll('main input'))
    .map((input) => (input as HTMLInputElement).value)
    .join('\n');
  return [
    pathname + search,
    storage(window.localStorage),
    storage(window.sessionStorage),
    fields,
  ].join('\n');
}

describe('pasting a request into a form', () => {
  test('a curl command with a key opens its view filled, offers the key masked, and sends nothing', async () => {
    const { user, router } = await renderReading('/shorts', { apiKey: null });
    const field = await screen.findByLabelText(/^Query/);
    const before = await apiCalls();
    await user.click(field);
    await user.paste(PASTED_CURL);

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      query: 'green tea',
      country: 'de',
    });
    // The view before stays until the next one's code is here (decision 036).
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('green tea'));
    const notice = await screen.findByRole('status', { name: 'Pasted request' });
    expect(notice).toHaveTextContent(
      'Search is filled in from the pasted request. Nothing was sent',
    );
    expect(notice).toHaveTextContent('Not parameters of this endpoint, dropped: num.');

    // The key dialog offers the key, masked, and nothing else holds it.
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    const keyField = within(dialog).getByLabelText('Your personal key');
    expect(keyField).toHaveAttribute('type', 'password');
    expect(keyField).toHaveValue(PASTED_KEY);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The pasted request holds an API key (••••6789)',
    );
    expect(everythingKept(router)).not.toContain(PASTED_KEY);
    expect(notice.textContent).not.toContain(PASTED_KEY);

    // Closed, it is gone; nothing was sent, nothing recorded.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(getApiKey()).toBeNull();
    expect(everythingKept(router)).not.toContain(PASTED_KEY);
    expect(await apiCalls()).toBe(before);
    expect(window.localStorage.getItem('web-data-dashboard.history')).toBeNull();
  });

  test('Save key checks the offered key first: one the service refuses is not kept, and the request still waits for Run', async () => {
    const { user, router } = await renderReading('/search', { apiKey: null });
    await user.click(await screen.findByLabelText(/^Query/));
    await user.paste(PASTED_CURL);
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    // The sandbox knows only its demo key: the pasted one is refused by the free account request.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The service refused this key (HTTP 401), so it was not saved',
    );
    expect(getApiKey()).toBeNull();
    expect(router.state.location.search).not.toContain(PASTED_KEY);
    expect(screen.getByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
    expect((await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search')).toEqual(
      [],
    );
  });

  test('a bare API URL in a text field opens its view; booleans and choices read as the form writes them', async () => {
    const { user, router } = await renderReading('/search');
    await user.click(await screen.findByLabelText(/^Query/));
    await user.paste(
      'https://api.example.com/screenshot?url=https%3A%2F%2Fexample.com%2F&fullPage=1&format=JPG',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/screenshot'));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Page URL/)).toHaveValue('https://example.com/'),
    );
    expect(screen.getByLabelText(/^Full page/)).toHaveValue('true');
    expect(screen.getByLabelText(/^Format/)).toHaveValue('jpg');
    // No key in the text: no dialog.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a placeholder or a shell variable as the key opens the request without a key offer, and says why', async () => {
    const { user, router } = await renderReading('/shorts', { apiKey: null });
    await user.click(await screen.findByLabelText(/^Query/));
    await user.paste(
      `curl "https://api.example.com/search?api_key=$SCRAPINGDOG_API_KEY&query=green+tea&country=de"`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('green tea'));
    const notice = await screen.findByRole('status', { name: 'Pasted request' });
    expect(notice).toHaveTextContent(
      'The key in the text is a variable, which the dashboard does not read, so none was offered',
    );
    expect(screen.queryByRole('dialog', { name: 'API key' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Query/));
    await user.paste(`curl 'https://api.example.com/search?api_key=YOUR_KEY&query=black+tea'`);
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('black tea'));
    await waitFor(() => expect(notice).toHaveTextContent(/placeholder or masked/));
    expect(screen.queryByRole('dialog', { name: 'API key' })).not.toBeInTheDocument();
    expect(everythingKept(router)).not.toMatch(/YOUR_KEY|SCRAPINGDOG/);
  });

  test('a URL from the vendor’s docs opens its view in sandbox mode; /google names the nearest view', async () => {
    const { user, router } = await renderReading('/search?query=kept');
    await user.click(await screen.findByLabelText(/^Query/));
    await user.paste('https://api.vendor.example/google_shorts?query=cats&country=gb');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shorts'));
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('cats'));

    await user.click(screen.getByLabelText(/^Query/));
    await user.paste(`curl 'https://api.vendor.example/google?query=tea&api_key=${PASTED_KEY}'`);
    const alert = await screen.findByRole('alert', { name: 'Pasted request' });
    expect(alert).toHaveTextContent(
      "Nothing was opened. The path /google is not one of this API's endpoints; the nearest is Search (/search)",
    );
    expect(router.state.location.pathname).toBe('/shorts');
  });

  test('live autocomplete does not send a pasted query either', async () => {
    const { user, router } = await renderReading('/search');
    const before = await apiCalls();
    await user.click(await screen.findByLabelText(/^Query/));
    await user.paste(`curl 'https://x.example/engine_autocomplete?query=how+to+m&language=fr'`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/autocomplete'));
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('how to m'));
    await screen.findByRole('status', { name: 'Pasted request' });
    expect(await apiCalls()).toBe(before);
  });

  test('an unknown path, or a command a shell would have to run, is refused with a reason and changes nothing', async () => {
    const { user, router } = await renderReading('/search?query=kept');
    const field = await screen.findByLabelText(/^Query/);
    await user.click(field);
    await user.paste(`curl 'https://api.example.com/images?query=tea&api_key=${PASTED_KEY}'`);
    const alert = await screen.findByRole('alert', { name: 'Pasted request' });
    expect(alert).toHaveTextContent(
      "Nothing was opened. The path /images is not one of the API's endpoints",
    );
    expect(router.state.location.search).toBe('?query=kept');
    expect(field).toHaveValue('kept');

    await user.paste('curl https://api.example.com/search?query=x; rm -rf ~');
    await waitFor(() => expect(alert).toHaveTextContent(/a second command/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(everythingKept(router)).not.toContain(PASTED_KEY);
  });

  test('ordinary text and a page URL in a URL field paste as usual', async () => {
    const { user, router } = await renderReading('/screenshot');
    const url = await screen.findByLabelText(/^Page URL/);
    await user.click(url);
    await user.paste('https://shop.example/search?q=boots');
    expect(url).toHaveValue('https://shop.example/search?q=boots');
    expect(router.state.location.pathname).toBe('/screenshot');

    await user.click(screen.getByLabelText(/^Viewport width/));
    await user.paste('1280');
    expect(screen.getByLabelText(/^Viewport width/)).toHaveValue('1280');
    expect(screen.queryByRole('status', { name: 'Pasted request' })).not.toBeInTheDocument();
  });
});

describe('pasting a request into the command palette', () => {
  test('opens the view filled and offers the key', async () => {
    const { user, router } = renderApp('/', { apiKey: null });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.paste(PASTED_CURL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(palette).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    expect(within(dialog).getByLabelText('Your personal key')).toHaveValue(PASTED_KEY);
    expect(everythingKept(router)).not.toContain(PASTED_KEY);
  });

  test('paste and Enter never replace the tab’s own key: only Replace my key does', async () => {
    const { user, router } = renderApp('/', { apiKey: 'my-own-key-1234' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' });
    await user.paste(PASTED_CURL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    const field = within(dialog).getByLabelText('Your personal key');
    expect(field).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'This tab has its own key (••••1234): Replace my key uses the new one',
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        "Enter does not replace this tab's key",
      ),
    );
    expect(getApiKey()).toBe('my-own-key-1234');
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save key' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep my key' }));
    expect(dialog).not.toBeInTheDocument();
    expect(getApiKey()).toBe('my-own-key-1234');
  });

  test('Replace my key is the explicit choice that takes the pasted key', async () => {
    const { user } = renderApp('/', { apiKey: 'my-own-key-1234' });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' });
    // A key the sandbox knows: a replacing key is checked like any (a refused one is not kept).
    await user.paste(PASTED_CURL.replace(PASTED_KEY, DEMO_KEY));
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace my key' }));
    await waitFor(() => expect(getApiKey()).toBe(DEMO_KEY));
  });

  test('an unknown path gets its message in the palette, which stays open', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.paste('https://api.example.com/v1/weather?city=Oslo');
    expect(within(palette).getByRole('alert')).toHaveTextContent(
      "The path /v1/weather is not one of the API's endpoints",
    );
    expect(within(palette).getByRole('combobox')).toHaveValue('');
    // Typing goes back to filtering the commands.
    await user.keyboard('hist');
    expect(within(palette).queryByRole('alert')).not.toBeInTheDocument();
  });
});
