import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { allShortVideos, shortVideos } from '../../src/sandbox/data/shorts.ts';
import { captureDownloads } from '../downloads.ts';
import { parseCsv } from '../parse-csv.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const BASE = 'http://sandbox.test/_sandbox/shorts';
const RUN = /^Search shorts ·/;

async function runShorts(route: string) {
  const app = renderApp(route);
  // Generous waits: the view's module loads on first use, and the machine may be busy.
  await app.user.click(await screen.findByRole('button', { name: RUN }, { timeout: 5000 }));
  const list = await screen.findByRole('list', { name: 'Short videos' }, { timeout: 5000 });
  // The cards below the first rows follow in a render of their own (decision 100).
  await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
  return { ...app, list };
}

const cards = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

const summary = () => screen.getByTestId('gallery-summary');
const shortsCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/engine_shorts');

describe('shorts gallery', () => {
  test('short videos show as cards with safe links and inline logos', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    expect(screen.getByRole('button', { name: /^Search shorts · / })).toBeVisible();
    expect(cards(list).length).toBe(10);
    await user.click(within(cards(list)[0]!).getAllByRole('button')[0]!);
    const link = within(screen.getByRole('dialog')).getByRole('link', { name: /Open video/ });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('every parameter of the form reaches the request, and the key never sits in the URL', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await runShorts(
      '/shorts?query=cats&country=gb&language=de&domain=engine.co.uk&uule=w%2BCAIQICI&lr=lang_de%7Clang_fr&tbs=qdr%3Aw&safe=active&nfpr=true&start=10',
    );
    const sent = fetchSpy.mock.calls
      .map(([input]) => (input instanceof Request ? input.url : input.toString()))
      .find((u) => u.includes('/api/engine_shorts'));
    const params = new URL(sent ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      query: 'cats',
      country: 'gb',
      language: 'de',
      domain: 'engine.co.uk',
      uule: 'w+CAIQICI',
      lr: 'lang_de|lang_fr',
      tbs: 'qdr:w',
      safe: 'active',
      nfpr: '1',
      start: '10',
    });
  });

  test('only the query is up front: the other ten parameters wait under More options, with help', async () => {
    renderApp('/shorts');
    const form = await screen.findByRole('form', { name: 'Short videos parameters' });
    const more = within(form)
      .getByText(/^More options/)
      .closest('details')!;
    expect(more).not.toHaveAttribute('open');
    expect(
      within(form)
        .getByLabelText(/^Query/)
        .closest('details'),
    ).toBeNull();
    const advanced = within(more)
      .getAllByRole('combobox')
      .concat(within(more).getAllByRole('textbox'));
    expect(advanced.map((el) => el.getAttribute('name')).sort()).toEqual([
      'country',
      'domain',
      'html',
      'language',
      'lr',
      'nfpr',
      'safe',
      'start',
      'tbs',
      'uule',
    ]);
    for (const el of advanced) expect(el).toHaveAccessibleDescription(/\w/);
  });

  test('bad input is explained next to each field and sends nothing', async () => {
    const { user } = renderApp(
      '/shorts?query=cats&lr=german&start=-1&domain=https%3A%2F%2Fengine.com%2F&country=usa',
    );
    await user.click(await screen.findByRole('button', { name: RUN }));
    expect(screen.getByLabelText(/^Restrict languages/)).toHaveAccessibleDescription(
      /Write languages as lang_<code>/,
    );
    expect(screen.getByLabelText(/^Skip results/)).toHaveAccessibleDescription(
      /must be a whole number from 0/,
    );
    expect(screen.getByLabelText(/^Engine domain/)).toHaveAccessibleDescription(/bare domain name/);
    expect(screen.getByLabelText(/^Country/)).toHaveAccessibleDescription(/two-letter/);
    await user.clear(screen.getByLabelText(/^Query/));
    expect(screen.getByLabelText(/^Query/)).toHaveAccessibleDescription(/Query is required/);
    expect(await shortsCalls()).toEqual([]);
  });

  test('each card shows its thumbnail, title, account, source with its logo and date', async () => {
    const { list } = await runShorts('/shorts?query=cats');
    const expected = shortVideos({ query: 'cats' }, BASE);
    cards(list).forEach((card, i) => {
      const v = expected[i]!;
      expect(within(card).getAllByRole('button')[0]).toHaveAccessibleName(v.title);
      expect(card).toHaveTextContent(v.account_name);
      expect(card).toHaveTextContent(v.date);
      expect(within(card).getByTestId('video-source')).toHaveTextContent(v.source);
      const logo = within(card).getByTestId('video-source').querySelector('img');
      expect(logo).toHaveAttribute('src', v.source_logo);
      const still = card.querySelector('[data-still]');
      if (v.thumbnail.includes('-expired')) return;
      expect(still).toHaveAttribute('src', expect.stringMatching(/\/_sandbox\/shorts\/\d+\.jpg$/));
      expect(still).toHaveAttribute('loading', 'lazy');
    });
  });

  test('logos that are not base64 image data URIs, and javascript: links and images, are never used', async () => {
    const { user, list } = await runShorts('/shorts?query=sandbox%3Ahostile');
    expect(cards(list)).toHaveLength(3);
    for (const img of list.querySelectorAll('img'))
      expect(img.getAttribute('src')).toMatch(/^http:\/\/[^/]+\/api\/_sandbox\/shorts\//);
    expect(list.querySelectorAll('[data-logo-placeholder]')).toHaveLength(3);
    await user.click(within(cards(list)[0]!).getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(dialog).toHaveTextContent('The link is not http(s), so it is not opened.');
    expect(dialog).toHaveTextContent('not shown: not an inline base64 image');
  });

  test('a thumbnail that fails to load shows a placeholder, never a broken image', async () => {
    const { list } = await runShorts('/shorts?query=cats');
    const still = list.querySelector<HTMLImageElement>('img[data-still]')!;
    const card = still.closest('li')!;
    fireEvent.error(still);
    expect(within(card).getByText('No thumbnail')).toBeInTheDocument();
    expect(card.querySelector('img[data-still]')).toBeNull();
  });

  test('hovering or focusing a card plays its animated preview, and only that one', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    const expected = shortVideos({ query: 'cats' }, BASE);
    expect(list.querySelectorAll('img[data-preview]')).toHaveLength(0);
    await user.hover(cards(list)[1]!);
    const previews = list.querySelectorAll('img[data-preview]');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.getAttribute('src')).toMatch(
      new RegExp(`${expected[1]!.gif_url.split('/').pop()!.replace('.', '\\.')}$`),
    );
    await user.unhover(cards(list)[1]!);
    expect(list.querySelectorAll('img[data-preview]')).toHaveLength(0);
    act(() => within(cards(list)[2]!).getAllByRole('button')[0]!.focus());
    expect(cards(list)[2]!.querySelectorAll('img[data-preview]')).toHaveLength(1);
    expect(list.querySelectorAll('img[data-preview]')).toHaveLength(1);
  });

  test('with reduced motion a preview plays only from its own button', async () => {
    // jsdom has no matchMedia: this one says the user asked for reduced motion.
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    window.matchMedia = ((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      const { user, list } = await runShorts('/shorts?query=cats');
      await user.hover(cards(list)[0]!);
      expect(list.querySelectorAll('img[data-preview]')).toHaveLength(0);
      const play = within(cards(list)[0]!).getByRole('button', { name: /^Play preview/ });
      await user.click(play);
      expect(play).toHaveAttribute('aria-pressed', 'true');
      expect(cards(list)[0]!.querySelectorAll('img[data-preview]')).toHaveLength(1);
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  test('arrow keys move between cards, Enter opens the detail and Escape returns to the card', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    const buttonOf = (i: number) => within(cards(list)[i]!).getAllByRole('button')[0]!;
    act(() => buttonOf(0).focus());
    await user.keyboard('{ArrowRight}');
    expect(buttonOf(1)).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttonOf(9)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(buttonOf(0)).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(shortVideos({ query: 'cats' }, BASE)[1]!.title);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buttonOf(1)).toHaveFocus();
  });

  test('the open preview is in the page URL: a link opens it, closing it and Back/Forward follow the URL', async () => {
    const { user, list, router } = await runShorts('/shorts?query=cats');
    const second = shortVideos({ query: 'cats' }, BASE)[1]!;
    await user.click(within(cards(list)[1]!).getAllByRole('button')[0]!);
    await waitFor(() => expect(router.state.location.search).toContain('preview='));
    const preview = new URLSearchParams(router.state.location.search).get('preview');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(new URLSearchParams(router.state.location.search).get('preview')).toBeNull();
    // The URL with the preview (a link, a demo step, an entry Back returns to) opens it again.
    await act(() => router.navigate(`/shorts?query=cats&preview=${encodeURIComponent(preview!)}`));
    expect(await screen.findByRole('dialog')).toHaveAccessibleName(second.title);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => router.navigate(1));
    expect(await screen.findByRole('dialog')).toHaveAccessibleName(second.title);
  });

  test('Tab and Shift+Tab stay inside the detail dialog', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    await user.click(within(cards(list)[0]!).getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The first control that can take focus (Previous is off on the first video).
    const next = within(dialog).getByRole('button', { name: 'Next →' });
    act(() => next.focus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    // The last control: Add this result (the result bar's is under the modal dialog).
    expect(within(dialog).getByRole('button', { name: 'Add this result' })).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
  });

  test('the detail panel shows every field, its JSON and a link that opens the video', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    const v = shortVideos({ query: 'cats' }, BASE)[0]!;
    await user.click(within(cards(list)[0]!).getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    for (const value of [v.title, v.source, v.account_name, v.date, v.link])
      expect(dialog).toHaveTextContent(value);
    expect(dialog).toHaveTextContent(/inline image, [\d.]+ (B|kB)/);
    expect(within(dialog).getByRole('link', { name: /Open video/ })).toHaveAttribute(
      'href',
      v.link,
    );
    await user.click(within(dialog).getByText('JSON of this video'));
    expect(await within(dialog).findByRole('button', { name: 'Copy video' })).toBeInTheDocument();
  });

  test('the detail panel steps through the videos on screen, filters applied', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    const expected = shortVideos({ query: 'cats' }, BASE);
    await user.click(within(cards(list)[0]!).getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('video-position')).toHaveTextContent('1 of 10');
    expect(within(dialog).getByRole('button', { name: '← Previous' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Next →' }));
    expect(dialog).toHaveAccessibleName(expected[1]!.title);
    expect(within(dialog).getByTestId('video-position')).toHaveTextContent('2 of 10');
  });

  test('Next page asks for start=10 and puts it in the page URL; Previous comes back from the cache', async () => {
    const { user, router } = await runShorts('/shorts?query=cats');
    const second = shortVideos({ query: 'cats', start: '10' }, BASE);
    await user.click(screen.getByRole('button', { name: /^Next page ·/ }));
    await waitFor(() => expect(router.state.location.search).toContain('start=10'));
    const list = await screen.findByRole('list', { name: 'Short videos' });
    await waitFor(() =>
      expect(within(cards(list)[0]!).getAllByRole('button')[0]).toHaveAccessibleName(
        second[0]!.title,
      ),
    );
    expect(screen.getByLabelText(/^Skip results/)).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: /^← Previous page ·/ }));
    await waitFor(() => expect(router.state.location.search).not.toContain('start='));
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    expect(await shortsCalls()).toHaveLength(2);
  });

  test('Load more appends the next page without repeating the video the pages share', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    await user.click(screen.getByRole('button', { name: /^Load more ·/ }));
    await waitFor(() => expect(summary()).toHaveTextContent('19 videos loaded from 2 pages'));
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    const titles = cards(list).map((c) => within(c).getByTestId('video-title').textContent);
    const expected = allShortVideos({ query: 'cats' }, BASE).slice(0, 20);
    expect(titles).toEqual([...expected.slice(0, 10), ...expected.slice(11)].map((v) => v.title));
    await user.click(screen.getByRole('button', { name: /^Load more ·/ }));
    await waitFor(() => expect(summary()).toHaveTextContent('28 videos loaded from 3 pages'));
    expect(await shortsCalls()).toHaveLength(3);
  });

  test('pages appended to another first page never show up with a gap after Next and Previous', async () => {
    const { user } = await runShorts('/shorts?query=cats');
    const more = () => user.click(screen.getByRole('button', { name: /^Load more ·/ }));
    await more();
    await waitFor(() => expect(summary()).toHaveTextContent('19 videos loaded from 2 pages'));
    await user.click(screen.getByRole('button', { name: /^Next page ·/ }));
    await waitFor(() => expect(summary()).toHaveTextContent('10 videos loaded from 1 page'));
    await more();
    await waitFor(() => expect(summary()).toHaveTextContent('19 videos loaded from 2 pages'));
    await user.click(screen.getByRole('button', { name: /^← Previous page ·/ }));
    await waitFor(() => expect(summary()).toHaveTextContent('10 videos loaded from 1 page'));
    expect(screen.getByLabelText(/^Skip results/)).toHaveValue('10');
  });

  test('filters narrow the loaded videos by source, account and words in titles, with counts per source', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    const expected = shortVideos({ query: 'cats' }, BASE);
    const source = expected[0]!.source;
    const perSource = expected.filter((v) => v.source === source).length;
    const chip = within(screen.getByRole('list', { name: 'Videos per source' })).getByRole(
      'button',
      { name: new RegExp(`^${source} ${perSource}$`) },
    );
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(cards(list)).toHaveLength(perSource);
    expect(summary()).toHaveTextContent(`10 videos loaded from 1 page · ${perSource} match`);
    await user.click(chip);
    const account = expected[0]!.account_name;
    await user.selectOptions(screen.getByLabelText('Account'), account);
    expect(cards(list)).toHaveLength(expected.filter((v) => v.account_name === account).length);
    await user.selectOptions(screen.getByLabelText('Account'), '');
    const word = expected[0]!.title.split(' ').find((w) => w.length > 3 && w !== 'cats')!;
    await user.type(screen.getByLabelText('Title contains'), `${word.toUpperCase()} cats`);
    expect(cards(list)).toHaveLength(
      expected.filter((v) => v.title.toLowerCase().includes(word.toLowerCase())).length,
    );
    await user.type(screen.getByLabelText('Title contains'), ' zzzz');
    expect(screen.getByText('No loaded video matches these filters.')).toBeInTheDocument();
  });

  test('the list layout shows the same videos compactly and is kept in the page URL', async () => {
    const { user, router } = await runShorts('/shorts?query=cats');
    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(router.state.location.search).toContain('layout=list');
    const list = screen.getByRole('list', { name: 'Short videos' });
    expect(cards(list)).toHaveLength(10);
    expect(list).not.toHaveClass('grid');
  });

  test('html=true shows the page in a frame with an empty sandbox, its source and a download', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/shorts?query=cats&html=true');
    await user.click(await screen.findByRole('button', { name: RUN }));
    const frame = await screen.findByTitle('HTML answer for “cats”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    // What the frame would refuse (and log) is left out of it; the source keeps the page whole.
    expect(frame.getAttribute('srcdoc')).toContain('Short videos for “cats”');
    expect(frame.getAttribute('srcdoc')).not.toMatch(/<script|<style/);
    expect(document.title).not.toBe('script ran');
    await user.click(screen.getByRole('button', { name: 'View source' }));
    const source = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'HTML source' }).value;
    expect(source).toContain('Short videos for “cats”');
    expect(source).toContain('<script>');
    await user.click(screen.getByRole('button', { name: 'Download HTML' }));
    expect(downloads[0]?.filename).toMatch(/^shorts_cats_\d{4}-\d{2}-\d{2}\.html$/);
    expect(await downloads[0]!.text()).toMatch(/^<!doctype html>/);
  });

  test('a JSON answer that carries the HTML page is shown the same way, beside its videos', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      endpoint: 'shorts',
      contentType: 'application/json',
      body: JSON.stringify({
        html: '<!doctype html><html><body><h1>Page</h1><script>parent.document.title="x"</script></body></html>',
        short_videos_results: [
          { title: 'Only one', source: 'TikTok', link: 'https://t.example/1' },
        ],
      }),
    });
    const { user } = renderApp('/shorts?query=cats&html=true');
    await user.click(await screen.findByRole('button', { name: RUN }));
    expect(await screen.findByTitle('HTML answer for “cats”')).toHaveAttribute('sandbox', '');
    expect(screen.getByRole('button', { name: 'Only one' })).toBeInTheDocument();
  });

  test('a failed request says what happened and keeps the form and the videos on screen', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    await sandboxControl.fault({ kind: 'status', status: 503, endpoint: 'shorts' });
    await user.click(screen.getByRole('button', { name: /^Next page ·/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/HTTP 503/);
    expect(alert).toHaveTextContent('Whether credits were spent is unknown.');
    expect(screen.getByLabelText(/^Query/)).toHaveValue('cats');
    expect(cards(list)).toHaveLength(10);
    expect(screen.getByRole('button', { name: /^Try again ·/ })).toBeEnabled();
  });

  test('a failed Load more says so under the gallery and keeps the loaded videos', async () => {
    const { user, list } = await runShorts('/shorts?query=cats');
    await sandboxControl.fault({ kind: 'status', status: 429, endpoint: 'shorts' });
    await user.click(screen.getByRole('button', { name: /^Load more ·/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Too many requests/);
    expect(alert).toHaveTextContent('No credits were spent.');
    expect(cards(list)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /^Try loading more again ·/ }));
    await waitFor(() => expect(summary()).toHaveTextContent('19 videos loaded from 2 pages'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('CSV export leaves the base64 logos out and JSON keeps every field', async () => {
    const downloads = captureDownloads();
    const { user } = await runShorts('/shorts?query=cats&country=gb');
    const group = screen.getByRole('group', { name: 'Export loaded videos' });
    await user.click(within(group).getByRole('button', { name: 'Export CSV' }));
    await user.click(within(group).getByRole('button', { name: 'Export JSON' }));
    expect(downloads.map((d) => d.filename)).toEqual([
      expect.stringMatching(/^shorts_cats_gb_\d{4}-\d{2}-\d{2}\.csv$/),
      expect.stringMatching(/^shorts_cats_gb_\d{4}-\d{2}-\d{2}\.json$/),
    ]);
    const csv = await downloads[0]!.text();
    expect(csv).not.toContain('data:image');
    const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'position',
      'title',
      'source',
      'account_name',
      'date',
      'link',
      'thumbnail',
      'gif_url',
      'page_start',
    ]);
    expect(rows).toHaveLength(11);
    const json = JSON.parse(await downloads[1]!.text()) as {
      short_videos_results: { source_logo: string }[];
    };
    expect(json.short_videos_results).toHaveLength(10);
    expect(json.short_videos_results[0]!.source_logo).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});
