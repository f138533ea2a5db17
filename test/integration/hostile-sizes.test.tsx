import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
import { parseCsv } from '../parse-csv.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

// Answers no real search returns, which a hostile or broken upstream could: nothing may throw
// uncaught (a console.error fails the test), and the view stays usable. Issue #13.

const cards = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

async function answerSearchWith(body: string) {
  await sandboxControl.fault({
    kind: 'status',
    status: 200,
    body,
    contentType: 'application/json',
  });
  const app = renderApp('/search?query=hostile');
  await app.user.click(await screen.findByRole('button', { name: /^Search · / }));
  return app;
}

describe('hostile sizes', () => {
  test('a 10 MB search answer shows its count and the first 100 results, more on demand, and exports whole', async () => {
    const downloads = captureDownloads();
    const results = Array.from({ length: 12_000 }, (_, i) => ({
      title: `Result ${i + 1}`,
      link: `https://example.com/${i + 1}`,
      displayed_link: `https://example.com › ${i + 1}`,
      snippet: `${'A long snippet. '.repeat(50)}`,
      rank: i + 1,
    }));
    const body = JSON.stringify({ organic_results: results });
    expect(body.length).toBeGreaterThan(10_000_000);
    await answerSearchWith(body);

    const list = await screen.findByRole('list', { name: 'Organic results' }, { timeout: 15_000 });
    expect(cards(list)).toHaveLength(100);
    expect(screen.getByTestId('results-header')).toHaveTextContent(/^12,000 results/);
    // fireEvent, not user-event: its pointer checks walk the whole (large) page on every click.
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more (11,900 not shown yet)' }));
    expect(cards(list)).toHaveLength(200);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads[0]!.text();
    expect(parseCsv(csv.slice(0, 2_000))[0]).toContain('title');
    // One header row and one row per result (snippets hold no line breaks).
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(12_001);
  }, 60_000);

  test('a 125,000-suggestion autocomplete answer shows the top ten in the box and the list 100 at a time', async () => {
    const suggestions = Array.from({ length: 125_000 }, (_, i) => ({
      value: `hostile ${i}`,
      relevance: 125_000 - i,
      type: 'QUERY',
    }));
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      body: JSON.stringify({ suggestions, verbatim_relevance: 1 }),
      contentType: 'application/json',
    });
    renderApp('/autocomplete?query=hostile&live=0');
    fireEvent.click(await screen.findByRole('button', { name: /^Suggest · / }));
    const region = await screen.findByRole('region', { name: 'Suggestions' }, { timeout: 15_000 });
    const list = within(region).getAllByRole('list')[0]!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(
      within(region).getByRole('button', { name: 'Show 100 more (124,900 not shown yet)' }),
    ).toBeInTheDocument();
    // The box holds options only while open (issue 41): opened, it shows the top ten, no more.
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    expect(await screen.findAllByRole('option')).toHaveLength(10);
  }, 60_000);

  test('an answer nested 20,000 levels deep is shown, and its export says why it cannot be written', async () => {
    captureDownloads();
    const depth = 20_000;
    const deep = `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`;
    const body = `{"organic_results":[{"title":"Deep result","link":"https://example.com/","rank":1,"extra":${deep}}]}`;
    const { user } = await answerSearchWith(body);

    const list = await screen.findByRole('list', { name: 'Organic results' });
    expect(list).toHaveTextContent('Deep result');
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    const group = screen.getByRole('group', { name: 'Export results' });
    // Either the file is written or the view says why not; it never crashes.
    const failure = within(group).queryByRole('alert');
    if (failure) expect(failure).toHaveTextContent(/nested too deeply/);
    expect(screen.getByRole('list', { name: 'Organic results' })).toBeInTheDocument();
  });
});
