import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { trackObjectUrls } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const callsTo = async (endpoint: string) =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === endpoint);

describe('the run model', () => {
  test('Try again says what it costs, and while it runs nothing sends a second request', async () => {
    await sandboxControl.fault({ kind: 'status', status: 503 });
    const { user } = renderApp('/search?query=retry');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    const alert = await screen.findByRole('alert');
    const release = sandboxControl.hold('search');
    await user.click(within(alert).getByRole('button', { name: 'Try again · 20 credits' }));
    expect(await screen.findByText(/can take up to a minute/)).toBeInTheDocument();
    // Every way to send again is off while the retry runs.
    for (const button of screen.queryAllByRole('button', { name: /Try again|Run again/ }))
      expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Search · 20 credits' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Query/), '{Enter}');
    release();
    expect(await screen.findByRole('list', { name: 'Organic results' }));
    expect((await callsTo('/search')).map((c) => c.status)).toEqual([503, 200]);
  });

  test('Run again is off while its paid request runs, and Enter sends nothing more', async () => {
    const { user } = renderApp('/search?query=again');
    const run = await screen.findByRole('button', { name: 'Search · 20 credits' });
    await user.click(run);
    await screen.findByText('Fresh result · 20 credits');
    await user.click(run);
    const release = sandboxControl.hold('search');
    await user.click(await screen.findByRole('button', { name: 'Run again (20 credits)' }));
    expect(await screen.findByText(/can take up to a minute/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run again/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Query/), '{Enter}');
    release();
    expect(await screen.findByText('Fresh result · 20 credits'));
    expect(await callsTo('/search')).toHaveLength(2);
  });

  test('the Run button says when the request in the form is already paid for', async () => {
    const { user } = renderApp('/search?query=paid');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    expect(await screen.findByText('already in this session: 0 credits')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Query/), ' more');
    expect(screen.queryByText('already in this session: 0 credits')).not.toBeInTheDocument();
    expect(screen.getByText(/left after$/)).toBeInTheDocument();
  });

  test('a paid request keeps running when its view is left, and its result waits there', async () => {
    const release = sandboxControl.hold('search');
    const { user } = renderApp('/search?query=background&vs_country=de');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByText(/can take up to a minute/);
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    expect(
      await screen.findByRole('list', { name: 'Requests in the background' }),
    ).toHaveTextContent(
      'Search “background” is still running in the background; its result will be kept.',
    );
    release();
    const open = await screen.findByRole('link', { name: 'Open the result' });
    // The way back is the page as it was left, comparison pair included.
    expect(open).toHaveAttribute('href', '/search?query=background&vs_country=de');
    await user.click(open);
    expect(await screen.findByRole('list', { name: 'Organic results' })).toHaveTextContent(
      /background/i,
    );
    expect(screen.queryByRole('list', { name: 'Requests in the background' })).toBeNull();
    expect(await callsTo('/search')).toEqual([
      expect.objectContaining({ status: 200, credits: 20 }),
    ]);
  });

  test('a request still running when its view comes back shows its progress, then its result', async () => {
    const release = sandboxControl.hold('search');
    const { user, router } = renderApp('/search?query=return');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByText(/can take up to a minute/);
    await act(() => router.navigate('/account'));
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await act(() => router.navigate(-1));
    expect(await screen.findByText(/can take up to a minute/)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Fresh result · 20 credits'));
    expect(await callsTo('/search')).toHaveLength(1);
  });

  test('compare runs through the shared runs: a pair already fetched costs nothing again', async () => {
    const { user } = renderApp('/search?query=espresso&vs_country=de');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByRole('list', { name: 'Organic results' });
    // The search above already fetched the first pair: only the second one is sent.
    const compare = await screen.findByRole('button', { name: 'Compare · 20 credits' });
    await user.click(compare);
    expect(await screen.findByRole('list', { name: 'DE · en results' })).toBeInTheDocument();
    expect(await callsTo('/search')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Compare · cached · 0 credits' })).toBeEnabled();
  });

  test('a failed comparison offers Try again for what is missing only', async () => {
    const { user } = renderApp('/search?query=ristretto&vs_country=fr');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByRole('list', { name: 'Organic results' });
    await sandboxControl.fault({ kind: 'status', status: 502 });
    await user.click(screen.getByRole('button', { name: 'Compare · 20 credits' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again · 20 credits' }));
    expect(await screen.findByRole('list', { name: 'FR · en results' })).toBeInTheDocument();
    expect((await callsTo('/search')).map((c) => c.status)).toEqual([200, 502, 200]);
  });

  test('two webhook submissions make two jobs, listed newest first', async () => {
    const { user } = renderApp('/webhook?url=https%3A%2F%2Fexample.com%2F&webhook_id=orders');
    const submit = await screen.findByRole('button', { name: 'Submit job · unknown cost' });
    await user.click(submit);
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const first = (await screen.findByTestId('job-sid')).textContent;
    await user.click(submit);
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    await waitFor(() => expect(screen.getByTestId('job-sid').textContent).not.toBe(first));
    const table = await screen.findByRole('table', { name: 'Submitted jobs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const jobs = within(table).getAllByRole('row').slice(1);
    expect(jobs[0]).toHaveTextContent(screen.getByTestId('job-sid').textContent);
    expect(jobs[1]).toHaveTextContent(first);
    expect(screen.queryByText('cached · 0 credits')).not.toBeInTheDocument();
    expect(await callsTo('/webhook')).toHaveLength(2);
  });

  test('a webhook submission cannot be sent twice while it runs', async () => {
    const release = sandboxControl.hold('webhook');
    const { user } = renderApp('/webhook?url=https%3A%2F%2Fexample.com%2F');
    const submit = await screen.findByRole('button', { name: 'Submit job · unknown cost' });
    await user.click(submit);
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    await screen.findByText(/can take up to a minute/);
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Page to scrape/), '{Enter}');
    release();
    await screen.findByTestId('job-sid');
    expect(await callsTo('/webhook')).toHaveLength(1);
  });

  test('a screenshot object URL is revoked when its image is replaced and when the key is cleared', async () => {
    const urls = trackObjectUrls();
    const { user } = renderApp(
      '/screenshot?url=https%3A%2F%2Fexample.com%2F&format=png&width=200&height=150',
    );
    await user.click(await screen.findByRole('button', { name: 'Capture · 5 credits' }));
    const first = (await screen.findByRole('img', { name: /Screenshot of/ })).getAttribute('src');
    expect(urls.live()).toEqual([first]);
    await user.selectOptions(screen.getByLabelText(/^Format/), 'webp');
    await user.click(screen.getByRole('button', { name: 'Capture · 5 credits' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Screenshot of/ })).not.toHaveAttribute('src', first!),
    );
    expect(urls.live()).toEqual([
      screen.getByRole('img', { name: /Screenshot of/ }).getAttribute('src'),
    ]);
    await user.click(screen.getByRole('button', { name: /Key ••••-key/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Your personal key'));
    await user.type(within(dialog).getByLabelText('Your personal key'), 'another-key{Enter}');
    // The sandbox refuses that key (401): not kept, so the image stays until the key goes.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/refused this key/);
    expect(urls.live()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: /Screenshot of/ })).toBeNull());
    expect(urls.live()).toEqual([]);
  });
});
