import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ENDPOINT_LIST } from '../../src/api/endpoints.ts';
import { getSessionUsage } from '../../src/api/session-usage.ts';
import { readDemo } from '../../src/workspace/demos/demo-file.ts';
import {
  createDemo,
  importDemo,
  keepTour,
  loadDemos,
} from '../../src/workspace/demos/demo-store.ts';
import { stopDemo } from '../../src/workspace/demos/play-demo.ts';
import { captureDownloads } from '../downloads.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

type Rendered = ReturnType<typeof renderApp>;

const calls = async () => (await sandboxControl.ledger()).calls.length;
/**
 * The requests that were not the account's: once a demo ends, the header asks for the account
 * again if its refresh was held while it played (free, and what the header shows).
 */
const notAccount = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint !== '/account').length;

async function search(user: Rendered['user'], query: string) {
  const field = await screen.findByLabelText(/^Query/, {}, { timeout: 5000 });
  await user.clear(field);
  await user.type(field, query);
  await user.click(screen.getByRole('button', { name: 'Search · 20 credits' }));
  await screen.findByText('Fresh result · 20 credits');
}

async function openDemos(user: Rendered['user']) {
  const nav = screen.getByRole('navigation', { name: 'Views' });
  await user.click(within(nav).getByRole('link', { name: 'Demos' }));
  await screen.findByRole('heading', { name: 'Demo scripts' }, { timeout: 5000 });
}

/** A new script, selected for editing, with the steps added from history by their labels. */
async function newScriptFromHistory(user: Rendered['user'], labels: string[]) {
  await user.click(screen.getByRole('button', { name: 'New script' }));
  const picker = await screen.findByRole('list', { name: 'History entries to add' });
  for (const [i, label] of labels.entries()) {
    await user.click(within(picker).getByRole('button', { name: `Add ${label}` }));
    await waitFor(() => expect(within(stepsList()).getAllByRole('listitem')).toHaveLength(i + 1));
  }
}

const stepsList = () => screen.getByRole('list', { name: 'Steps' });
const stepTitles = () =>
  within(stepsList())
    .getAllByRole('listitem')
    .map((li) => within(li).getByLabelText<HTMLInputElement>('Title').value);

/**
 * A new script with one step, the account as the view's result bar adds it ("Add this
 * result"), downloaded from the scripts list: the file's text.
 */
async function recordAccountScript(user: Rendered['user']): Promise<string> {
  const downloads = captureDownloads();
  await screen.findByRole('heading', { name: 'Demo scripts' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'New script' }));
  const nav = screen.getByRole('navigation', { name: 'Views' });
  await user.click(within(nav).getByRole('link', { name: 'Account' }));
  await screen.findByRole('region', { name: 'Credits left' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Add this result' }));
  // The script just made is offered (the newest of the presenter's): confirmed, not assumed.
  expect(screen.getByRole('combobox', { name: 'Script' })).toHaveDisplayValue(
    'Untitled demo (0 steps)',
  );
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  expect(await screen.findByRole('link', { name: '“Untitled demo”' })).toBeVisible();
  await openDemos(user);
  const newest = within(screen.getByRole('list', { name: 'Demo scripts' })).getAllByRole(
    'listitem',
  )[0]!;
  await user.click(within(newest).getByRole('button', { name: /^Download/ }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  expect(downloads[0]!.filename).toMatch(/^untitled-demo-.*\.demo\.json$/);
  return downloads[0]!.text();
}

const player = () => screen.getByRole('region', { name: 'Demo player' });
const press = (key: string) => fireEvent.keyDown(document.body, { key });

// A test that fails mid-play must not leave the next one playing (nothing could be sent).
afterEach(stopDemo);

describe('demo scripts', () => {
  test('steps recorded from history are reordered and played with the keyboard, and playing sends nothing', async () => {
    const { user, router } = renderApp('/search');
    await search(user, 'green tea');
    await search(user, 'espresso');
    await openDemos(user);
    await newScriptFromHistory(user, ['Search “green tea”', 'Search “espresso”']);
    expect(stepTitles()).toEqual(['Search “green tea”', 'Search “espresso”']);

    const second = within(stepsList()).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Move up' }));
    expect(stepTitles()).toEqual(['Search “espresso”', 'Search “green tea”']);
    const caption = within(within(stepsList()).getAllByRole('listitem')[0]!).getByLabelText(
      'Caption',
    );
    await user.type(caption, 'Rankings for a product keyword.');
    await user.tab();

    const before = await notAccount();
    // The spend ledger logs the account's own read too: the header's refresh after the demo.
    const loggedNotAccount = () =>
      getSessionUsage().requests.filter((r) => r.endpoint !== 'account').length;
    const logged = loggedNotAccount();
    await user.click(screen.getAllByRole('button', { name: 'Play' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByText('Rankings for a product keyword.')).toBeInTheDocument();
    // The player's bar arrives with the first step's view (and presenter mode with it).
    expect(await screen.findByRole('region', { name: 'Demo player' })).toHaveTextContent(
      'step 1 of 2',
    );
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('espresso'));
    expect(await screen.findByText(/^Snapshot from/)).toBeInTheDocument();
    expect(document.documentElement.dataset.presenter).toBe('on');

    press('ArrowRight');
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('green tea'));
    expect(player()).toHaveTextContent('step 2 of 2');
    expect(screen.getByRole('button', { name: 'Step 2: Search “green tea”' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    press(' ');
    expect(player()).toHaveTextContent('step 2 of 2');
    press('ArrowLeft');
    await waitFor(() => expect(screen.getByLabelText(/^Query/)).toHaveValue('espresso'));

    // A new request run in the view while the demo plays is refused before anything is sent.
    const field = screen.getByLabelText(/^Query/);
    await user.clear(field);
    await user.type(field, 'oolong');
    await user.click(screen.getByRole('button', { name: 'Search · 20 credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was sent: a demo script is playing from its recording',
    );

    press('Escape');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Leave demo/ })).not.toBeInTheDocument(),
    );
    expect(document.documentElement.dataset.presenter).toBeUndefined();
    // Neither the sandbox's ledger nor this tab's request log saw a request during play.
    expect(await notAccount()).toBe(before);
    expect(loggedNotAccount()).toBe(logged);
  }, 40_000);

  test('a script is one file: downloaded without the key, opened again with its steps, and anything else is refused clearly', async () => {
    const { user } = renderApp('/demos');
    const text = await recordAccountScript(user);
    expect(text).not.toContain(DEMO_KEY);
    // Its requests also go out as a Postman collection, the key a variable.
    const postman = captureDownloads();
    // The newest script is first (earlier tests of this file made others of the same name).
    await user.click(
      screen.getAllByRole('button', { name: 'Postman collection of “Untitled demo”' })[0]!,
    );
    await waitFor(() => expect(postman).toHaveLength(1));
    const collection = await postman[0]!.text();
    expect(postman[0]!.filename).toMatch(/\.postman_collection\.json$/);
    expect(collection).toContain('{{api_key}}');
    expect(collection).not.toContain(DEMO_KEY);
    expect((JSON.parse(collection) as { item: { name: string }[] }).item[0]!.name).toBe('Account');
    const scripts = screen.getByRole('list', { name: 'Demo scripts' });
    const count = within(scripts).getAllByRole('listitem').length;

    await user.upload(
      screen.getByLabelText('Open script'),
      new File([text], 'account.demo.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(within(scripts).getAllByRole('listitem')).toHaveLength(count + 1));
    await waitFor(() => expect(stepTitles()).toEqual(['Account']));

    await user.upload(
      screen.getByLabelText('Open script'),
      new File(['{"format":"web-data-dashboard.snapshot","version":1}'], 'x.json', {
        type: 'application/json',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a demo script: it is a snapshot.',
    );
    expect(within(scripts).getAllByRole('listitem')).toHaveLength(count + 1);
  });

  test('an account step plays without a key, in the account view, read-only', async () => {
    const recording = renderApp('/demos');
    const text = await recordAccountScript(recording.user);
    recording.unmount();

    const { user, router } = renderApp('/demos', { apiKey: null });
    await user.upload(
      await screen.findByLabelText('Open script', {}, { timeout: 5000 }),
      new File([text], 'account.demo.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(stepTitles()).toEqual(['Account']));
    const before = await calls();
    await user.click(screen.getAllByRole('button', { name: 'Play' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText(/^Snapshot from/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Credits left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set API key' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refresh/ })).not.toBeInTheDocument();
    press('Escape');
    expect(await calls()).toBe(before);
  });

  test('a batch becomes a step (its form, in the file too) and plays as the batch view’s form, filled and priced, with nothing sent', async () => {
    const downloads = captureDownloads();
    const { user, router } = renderApp('/demos');
    await user.click(await screen.findByRole('button', { name: 'New script' }, { timeout: 5000 }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', {
        name: 'Batch',
      }),
    );
    const queries = await screen.findByRole('textbox', { name: 'Queries' }, { timeout: 5000 });
    await user.click(queries);
    await user.paste('coffee\ntea');
    await user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(() => expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 done'), {
      timeout: 20_000,
    });
    // Its pivot's target, which the played form shows (decision 087).
    await user.type(screen.getByRole('textbox', { name: 'Target domain' }), 'wikipedia.org');

    await user.click(screen.getByRole('button', { name: 'Add this batch to a demo' }));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(await screen.findByRole('link', { name: /^“.+”$/ })).toBeVisible();
    await openDemos(user);
    const mine = within(screen.getByRole('list', { name: 'Demo scripts' })).getAllByRole(
      'listitem',
    )[0]!;
    await user.click(within(mine).getByRole('button', { name: /^Download/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const reading = await readDemo(await downloads[0]!.text());
    expect(reading.ok && reading.script.steps.at(-1)!.batch?.rows.map((r) => r.query)).toEqual([
      'coffee',
      'tea',
    ]);
    expect(reading.ok && reading.script.steps.at(-1)!.batch?.target).toBe('wikipedia.org');

    // Played after the form was changed: the step fills it again, nothing is sent.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', {
        name: 'Batch',
      }),
    );
    await user.clear(await screen.findByRole('textbox', { name: 'Queries' }));
    await openDemos(user);
    const before = await calls();
    const again = within(screen.getByRole('list', { name: 'Demo scripts' })).getAllByRole(
      'listitem',
    )[0]!;
    await user.click(within(again).getByRole('button', { name: /^Play/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Queries' })).toHaveValue('coffee\ntea'),
    );
    expect(player()).toHaveTextContent('Batch · the batch’s form: nothing is sent');
    expect(screen.getByTestId('batch-plan')).toHaveTextContent(
      'Already answered in this tab (free): 2',
    );
    const form = screen.getByRole('form', { name: 'New batch' });
    expect(within(form).getByRole('textbox', { name: 'Target domain' })).toHaveValue(
      'wikipedia.org',
    );
    press('Escape');
    expect(await calls()).toBe(before);
  });

  test('a batch in history is added as a step from the picker, as its form', async () => {
    const { user } = renderApp('/batch');
    await user.click(await screen.findByRole('textbox', { name: 'Queries' }, { timeout: 5000 }));
    await user.paste('coffee\ntea');
    await user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(() => expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 done'), {
      timeout: 20_000,
    });
    await openDemos(user);
    await user.click(screen.getByRole('button', { name: 'New script' }));
    const picker = await screen.findByRole('list', { name: 'History entries to add' });
    await user.click(
      within(picker).getByRole('button', { name: 'Add Batch of 2 requests: coffee, tea' }),
    );
    await waitFor(() => expect(stepTitles()).toEqual(['Batch: 2 queries × 1 locale']));
  });

  test('the tour’s batch step follows the webhook step with the batch form filled, its price shown, nothing sent', async () => {
    const { user } = renderApp('/demos');
    await screen.findByRole('heading', { name: 'Demo scripts' }, { timeout: 5000 });
    const reading = await readDemo(await (await fetch('/api/_sandbox/tour')).text());
    if (!reading.ok) throw new Error(reading.error);
    const tour = importDemo(reading.script);
    const webhook = tour.steps.findIndex((s) => s.snapshot?.request.endpoint === 'webhook');
    expect(tour.steps[webhook + 1]?.batch).toBeDefined();
    const before = await calls();
    await user.click(screen.getByRole('button', { name: 'Play “Tour of the dashboard”' }));
    for (let i = 0; i <= webhook; i++) press('ArrowRight');
    expect(
      await screen.findByRole('heading', { name: 'Batch: many queries × locales in one run' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Queries' })).toHaveValue(
        'espresso machines\nmilk frother\ncoffee grinder\npour over kettle',
      ),
    );
    expect(screen.getByTestId('batch-plan')).toHaveTextContent(
      'Requests: 12 (one per query and locale)',
    );
    expect(screen.getByRole('textbox', { name: 'Stop at' })).toHaveValue('20');
    press('Escape');
    expect(await calls()).toBe(before);
  });

  test('the sandbox’s tour reads as a script with a step for every view', async () => {
    const res = await fetch('/api/_sandbox/tour');
    const reading = await readDemo(await res.text());
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.script.name).toBe('Tour of the dashboard');
    const views = reading.script.steps.map((s) => s.snapshot?.request.endpoint ?? 'batch');
    expect(views.sort()).toEqual([...ENDPOINT_LIST.map((e) => e.id), 'batch'].sort());
    expect(reading.script.steps.every((s) => s.caption.length > 40)).toBe(true);
  });

  test('Add this result asks which script, remembers it, never writes into the tour, and a double click adds one step', async () => {
    const tour = await readDemo(await (await fetch('/api/_sandbox/tour')).text());
    if (!tour.ok) throw new Error(tour.error);
    await loadDemos();
    const builtIn = keepTour({ ...tour.script, id: 'sandbox-tour' });
    const first = createDemo('Pitch A');
    createDemo('Pitch B');
    const { user } = renderApp('/account');
    await screen.findByRole('region', { name: 'Credits left' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Add this result' }));
    const script = screen.getByRole('combobox', { name: 'Script' });
    // The presenter's scripts, newest first, and a new one; never the tour.
    const offered = within(script)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered.slice(0, 2)).toEqual(['Pitch B (0 steps)', 'Pitch A (0 steps)']);
    expect(offered.at(-1)).toBe('A new script…');
    expect(
      within(script)
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value === builtIn.id),
    ).toEqual([]);
    await user.selectOptions(script, 'Pitch A (0 steps)');
    await user.dblClick(screen.getByRole('button', { name: 'Add step' }));
    expect(await screen.findByRole('link', { name: '“Pitch A”' })).toBeVisible();

    // The choice is offered first next time; the same answer again is not a second step.
    await user.click(screen.getByRole('button', { name: 'Add this result' }));
    expect(screen.getByRole('combobox', { name: 'Script' })).toHaveDisplayValue('Pitch A (1 step)');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await waitFor(async () =>
      expect((await loadDemos()).find((s) => s.id === first.id)?.steps).toHaveLength(1),
    );
    expect((await loadDemos()).find((s) => s.id === builtIn.id)?.steps).toHaveLength(
      tour.script.steps.length,
    );

    // The tour is read-only: it is copied to be edited.
    await openDemos(user);
    // The newest of the tours this file's tests kept: the built-in one, just taken.
    await user.click(screen.getAllByRole('button', { name: 'Tour of the dashboard' })[0]!);
    expect(screen.queryByRole('button', { name: 'Move up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy to my scripts' }));
    expect(
      await screen.findByRole('heading', { name: 'Editing “Tour of the dashboard (copy)”' }),
    ).toBeInTheDocument();
    expect(stepTitles()).toHaveLength(tour.script.steps.length);
  });

  test('keys echoed in a file are masked when it is opened', async () => {
    const res = await fetch('/api/_sandbox/tour');
    const tour = (await res.json()) as {
      steps: { snapshot: { response: { body?: Record<string, unknown> } } }[];
    };
    const body = tour.steps[0]!.snapshot.response.body!;
    body.search_parameters = { ...(body.search_parameters as object), api_key: 'sk_someone_else' };
    const reading = await readDemo(JSON.stringify(tour));
    expect(reading.ok).toBe(true);
    expect(JSON.stringify(reading)).not.toContain('sk_someone_else');
  });
});
