import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { requestEndpoint } from '../../src/api/requests.ts';
import { captureSize } from '../../src/sandbox/data/screenshot.ts';
import { trackObjectUrls } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const screenshotCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/screenshot');

/** The bytes the sandbox sends for these parameters, fetched apart from the view. */
async function sandboxBytes(params: Record<string, string>): Promise<Uint8Array> {
  const res = await requestEndpoint('screenshot', params, { apiKey: 'demo-key' });
  if (res.kind !== 'image') throw new Error('expected image bytes');
  return new Uint8Array(await res.blob.arrayBuffer());
}

/** The value of one line of the capture's details (format, bytes, pixels, time, credits). */
const fact = (term: string) => {
  const details = screen.getByLabelText('Capture details');
  const dt = within(details)
    .getAllByRole('term')
    .find((t) => t.textContent === term);
  return dt?.nextElementSibling?.textContent;
};

const capture = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: /^Capture ·/ }));
  // A busy machine can take a while to render a full page in the sandbox.
  return screen.findByRole('img', { name: /^Screenshot of/ }, { timeout: 8000 });
};

describe('screenshot previewer', () => {
  // A full page is rendered twice (for the view and for the check): more time than most.
  test('every option set in the form reaches the request', async () => {
    const urls = trackObjectUrls();
    const { user } = renderApp('/screenshot');
    await user.click(await screen.findByLabelText(/^Page URL/));
    await user.paste('https://shop.example/sale');
    await user.click(screen.getByRole('button', { name: /^Phone 390×844/ }));
    await user.selectOptions(screen.getByLabelText(/^Full page/), 'true');
    await user.selectOptions(screen.getByLabelText(/^Wait until/), 'networkidle');
    await user.selectOptions(screen.getByLabelText(/^Format/), 'webp');
    await user.type(screen.getByLabelText(/^Quality/), '35');
    const img = await capture(user);

    const params = {
      url: 'https://shop.example/sale',
      fullPage: 'true',
      width: '390',
      height: '844',
      wait_until: 'networkidle',
      format: 'webp',
      quality: '35',
    };
    const shown = new Uint8Array(await urls.blobs.get(img.getAttribute('src')!)!.arrayBuffer());
    expect(shown).toEqual(await sandboxBytes(params));
    const { height } = captureSize({ ...params, width: 390, height: 844, fullPage: true });
    await waitFor(() => expect(fact('Pixels')).toBe(`390 × ${height}`));
    expect(fact('Format')).toBe('WebP (image/webp)');
    expect(fact('Capture')).toBe(
      'shop.example · WebP q35 · 390×844 · full page · wait networkidle',
    );
  }, 30_000);

  test('the image is shown from a blob with its format, bytes, pixels, time and credits', async () => {
    const urls = trackObjectUrls();
    const { user } = renderApp(
      '/screenshot?url=https%3A%2F%2Fexample.com%2F&format=jpg&width=400&height=300',
    );
    expect(await screen.findByRole('button', { name: 'Capture · 5 credits' })).toBeEnabled();
    const img = await capture(user);
    const src = img.getAttribute('src')!;
    expect(src).toMatch(/^blob:/);
    const bytes = await sandboxBytes({
      url: 'https://example.com/',
      format: 'jpg',
      width: '400',
      height: '300',
    });
    expect(urls.blobs.get(src)!.size).toBe(bytes.byteLength);

    await waitFor(() => expect(fact('Pixels')).toBe('400 × 300'));
    expect(fact('Format')).toBe('JPEG (image/jpeg)');
    expect(fact('Bytes')).toContain(`(${bytes.byteLength.toLocaleString('en-US')} bytes)`);
    expect(fact('Time taken')).toMatch(/^\d+ ms$|^[\d.]+ s$/);
    expect(fact('Credits spent')).toBe('5 credits');
    const download = screen.getByRole('link', { name: 'Download example-com-400x300.jpg' });
    expect(download).toHaveAttribute('href', src);
    expect(download).toHaveAttribute('download', 'example-com-400x300.jpg');
    expect(await screen.findByRole('link', { name: '99,995 credits left' })).toBeInTheDocument();
  });

  test('the API URL and the key never appear in any src or href', async () => {
    trackObjectUrls();
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=200&height=150');
    await capture(user);
    await user.click(screen.getByRole('button', { name: /as WebP at quality 60/ }));
    await screen.findByRole('img', { name: /^Compared capture B/ });
    const refs = [...document.querySelectorAll('[src], [href]')].map(
      (el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '',
    );
    expect(refs.filter((r) => /\/api\/|api_key|demo-key/.test(r))).toEqual([]);
    for (const img of screen.getAllByRole('img')) expect(img.getAttribute('src')).toMatch(/^blob:/);
  });

  test('quality is only enabled for JPEG and WebP, and says why', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&quality=60');
    const quality = await screen.findByLabelText(/^Quality/);
    expect(quality).toBeDisabled();
    expect(quality).toHaveAccessibleDescription(/Only JPEG and WebP use it: PNG is lossless/);
    await user.selectOptions(screen.getByLabelText(/^Format/), 'jpg');
    expect(quality).toBeEnabled();
    expect(quality).toHaveValue('60');
  });

  test('wait_until is explained in words', async () => {
    renderApp('/screenshot');
    expect(await screen.findByLabelText(/^Wait until/)).toHaveAccessibleDescription(
      /domcontentloaded is fastest.*networkidle waits until the page is quiet/,
    );
  });

  test('bad input gets a message next to each field and sends nothing', async () => {
    const { user } = renderApp(
      '/screenshot?url=example.com&width=0&height=1.5&format=jpg&quality=101',
    );
    await user.click(await screen.findByRole('button', { name: /^Capture ·/ }));
    expect(screen.getByLabelText(/^Page URL/)).toHaveAccessibleDescription(
      /must be a full http:\/\/ or https:\/\/ address/,
    );
    expect(screen.getByLabelText(/^Viewport width/)).toHaveAccessibleDescription(
      /whole number from 1 to 10000/,
    );
    expect(screen.getByLabelText(/^Viewport height/)).toHaveAccessibleDescription(
      /whole number from 1 to 10000/,
    );
    expect(screen.getByLabelText(/^Quality/)).toHaveAccessibleDescription(
      /whole number from 0 to 100/,
    );
    expect(await screenshotCalls()).toEqual([]);
  });

  test('a device preset fills width and height, shows as chosen and lives in the page URL', async () => {
    const { user, router } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    const tablet = await screen.findByRole('button', { name: /^Tablet 768×1024/ });
    expect(tablet).toHaveAttribute('aria-pressed', 'false');
    await user.click(tablet);
    expect(screen.getByLabelText(/^Viewport width/)).toHaveValue('768');
    expect(screen.getByLabelText(/^Viewport height/)).toHaveValue('1024');
    expect(tablet).toHaveAttribute('aria-pressed', 'true');
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('width'), search.get('height')]).toEqual(['768', '1024']);
  });

  test('the same capture again is free and says 0 credits; Run again pays for a fresh one', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=300&height=200');
    await capture(user);
    await waitFor(() => expect(fact('Credits spent')).toBe('5 credits'));
    await user.click(screen.getByRole('button', { name: /^Capture ·/ }));
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    expect(fact('Credits spent')).toBe('0 credits (from this session)');
    expect(await screenshotCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Run again (5 credits)' }));
    // The sandbox's ledger first: while the fresh capture runs, the earlier one stays on screen
    // (a loaded machine showed its "5 credits" before the new request had arrived).
    await waitFor(async () => expect(await screenshotCalls()).toHaveLength(2));
    await waitFor(() => expect(fact('Credits spent')).toBe('5 credits'));
  });

  test('a very tall full page opens as a scaled whole-page preview, actual size on demand', async () => {
    const { user } = renderApp(
      '/screenshot?url=https%3A%2F%2Flong.example%2F%3Fsandbox_page_height%3D20000&fullPage=true',
    );
    await capture(user);
    await waitFor(() => expect(fact('Pixels')).toBe('1280 × 20000'));
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    expect(within(zoom).getByRole('button', { name: 'Whole page' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(zoom).getByRole('button', { name: 'Actual size' }));
    expect(within(zoom).getByRole('button', { name: 'Actual size' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('region', { name: 'Capture (scrollable)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  test('Run again keeps the capture on screen and the zoom chosen while the fresh one replaces it', async () => {
    const { user } = renderApp(
      '/screenshot?url=https%3A%2F%2Flong.example%2F%3Fsandbox_page_height%3D20000&fullPage=true',
    );
    await capture(user);
    await waitFor(() => expect(fact('Pixels')).toBe('1280 × 20000'));
    await user.click(screen.getByRole('button', { name: 'Actual size' }));
    const image = screen.getByRole('img', { name: /^Screenshot of/ });
    await user.click(screen.getByRole('button', { name: /^Capture ·/ }));
    await user.click(await screen.findByRole('button', { name: /^Run again/ }));
    await waitFor(async () => expect(await screenshotCalls()).toHaveLength(2));
    await waitFor(() => expect(fact('Credits spent')).not.toMatch(/^0 credits/));
    // The same image element, never taken off the page (no blink), at the zoom left.
    expect(screen.getByRole('img', { name: /^Screenshot of/ })).toBe(image);
    expect(screen.getByRole('button', { name: 'Actual size' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('screenshot answers that are not images, and errors', () => {
  test('a JSON body is shown as JSON with a note, never as a broken image', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'done', screenshot_url: 'https://cdn.example/s.png' }),
    });
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Capture ·/ }));
    const note = await screen.findByRole('region', { name: 'Not a screenshot' });
    expect(note).toHaveTextContent('The service answered with JSON instead of image bytes');
    await waitFor(() => expect(note).toHaveTextContent('screenshot_url'));
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('an SVG answer is never shown as an image nor linked: its text is shown instead', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Capture ·/ }));
    const note = await screen.findByRole('region', { name: 'Not a screenshot' });
    expect(note).toHaveTextContent(/answered with image\/svg\+xml .*which is not a screenshot/);
    expect(note).toHaveTextContent('<script>alert(1)</script>');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  test('a plain-text answer is shown as text with what happened, never as a broken image', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'text/plain',
      body: 'Screenshot queued, try later',
    });
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Capture ·/ }));
    const note = await screen.findByRole('region', { name: 'Not a screenshot' });
    expect(note).toHaveTextContent(/text\/plain .* which is not a screenshot/);
    expect(note).toHaveTextContent('Screenshot queued, try later');
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('a screenshot of an unreachable page is a charged 404 with that said', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fbroken.invalid%2F');
    await user.click(await screen.findByRole('button', { name: 'Capture · 5 credits' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/target URL is wrong/);
    expect(alert).toHaveTextContent('Credits were spent on this request.');
  });

  test('a failure keeps the form and the capture already on screen', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=320&height=200');
    const first = await capture(user);
    await sandboxControl.fault({ kind: 'status', status: 429 });
    await user.clear(screen.getByLabelText(/^Viewport width/));
    await user.type(screen.getByLabelText(/^Viewport width/), '640');
    await user.click(screen.getByRole('button', { name: /^Capture ·/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many requests at once/);
    expect(screen.getByRole('alert')).toHaveTextContent('No credits were spent.');
    expect(screen.getByLabelText(/^Viewport width/)).toHaveValue('640');
    expect(screen.getByRole('img', { name: /^Screenshot of/ })).toHaveAttribute(
      'src',
      first.getAttribute('src')!,
    );
    expect(screen.getByText(/Showing the earlier result/)).toBeInTheDocument();
  });
});

describe('comparing captures', () => {
  test('a WebP variant is one press away and compares side by side with sizes and bytes', async () => {
    trackObjectUrls();
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=640&height=400');
    await capture(user);
    await user.click(screen.getByRole('button', { name: 'as WebP at quality 60 · 5 credits' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('caption')).toHaveTextContent(/^B is \d+% smaller than A\.$/);
    // The PNG was in the session already: only the WebP was paid for.
    expect(await screenshotCalls()).toHaveLength(2);
    const png = await sandboxBytes({ url: 'https://example.com/', width: '640', height: '400' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).parentElement!;
    expect(row('Bytes')).toHaveTextContent(png.byteLength.toLocaleString('en-US'));
    expect(row('Content-Type')).toHaveTextContent('image/png');
    expect(row('Content-Type')).toHaveTextContent('image/webp');
    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    await waitFor(() => expect(cells('Pixels')).toEqual(['640 × 400', '640 × 400']));
    expect(
      screen.getByRole('img', { name: /^Compared capture A: example.com · PNG/ }),
    ).toBeVisible();
    expect(
      screen.getByRole('img', { name: /^Compared capture B: example.com · WebP q60/ }),
    ).toBeVisible();
  });

  test('two captures picked from the strip compare as an overlay with a slider', async () => {
    trackObjectUrls();
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Desktop 1920×1080/ }));
    await capture(user);
    await user.click(screen.getByRole('button', { name: /^Phone 390×844/ }));
    await user.click(screen.getByRole('button', { name: /^Capture ·/ }));
    const strip = await screen.findByRole('list', { name: 'Captures of this session' });
    await waitFor(() => expect(within(strip).getAllByRole('checkbox')).toHaveLength(2));
    const [desktop, phone] = within(strip).getAllByRole('checkbox');
    expect(desktop).toHaveAccessibleName(/1920×1080/);
    await user.click(desktop!);
    await user.click(phone!);
    expect(await screen.findByRole('table')).toHaveTextContent(/B is \d+% smaller than A/);
    await user.click(screen.getByRole('button', { name: 'Swap A and B' }));
    expect(screen.getByRole('table')).toHaveTextContent(
      /B is [\d.]+(% larger than|× the size of) A/,
    );
    expect(screen.getByRole('img', { name: /^Compared capture A: .*390×844/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Overlay' }));
    const slider = screen.getByRole('slider', { name: /Slide to show A on the left/ });
    expect(slider).toHaveValue('50');
    fireEvent.change(slider, { target: { value: '70' } });
    expect(slider).toHaveValue('70');
    expect(screen.getByRole('img', { name: /^Compared capture B/ })).toHaveStyle({
      clipPath: 'inset(0 0 0 70%)',
    });
  });

  test('the comparison on screen is in the page URL: going elsewhere and back, or a link, shows it again from the cache, sending nothing', async () => {
    trackObjectUrls();
    const { user, router } = renderApp(
      '/screenshot?url=https%3A%2F%2Fexample.com%2F&width=640&height=400',
    );
    await capture(user);
    await user.click(screen.getByRole('button', { name: 'as WebP at quality 60 · 5 credits' }));
    await screen.findByRole('img', { name: /^Compared capture B: example.com · WebP q60/ });
    await user.click(screen.getByRole('button', { name: 'Overlay' }));
    fireEvent.change(screen.getByRole('slider', { name: /Slide to show A/ }), {
      target: { value: '30' },
    });
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('cmp')).toMatch(/format=webp.*quality=60/);
    expect(url.get('cmp_mode')).toBe('overlay');
    expect(url.get('reveal')).toBe('30');
    expect(await screenshotCalls()).toHaveLength(2);

    const comparedAgain = async () => {
      expect(
        await screen.findByRole('img', { name: /^Compared capture B: example.com · WebP q60/ }),
      ).toHaveStyle({ clipPath: 'inset(0 0 0 30%)' });
      expect(screen.getByRole('slider', { name: /Slide to show A/ })).toHaveValue('30');
      expect(
        screen.getByRole('img', { name: /^Compared capture A: example.com · PNG/ }),
      ).toBeVisible();
    };
    await act(() => router.navigate('/account'));
    await act(() => router.navigate(-1));
    await comparedAgain();
    await act(() => router.navigate('/account'));
    await act(() => router.navigate(`/screenshot?${url.toString()}`));
    await comparedAgain();
    expect(await screenshotCalls()).toHaveLength(2);
  });

  test('a capture can be forgotten from the strip, except the one on screen', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=300&height=200');
    await capture(user);
    await user.click(screen.getByRole('button', { name: /^Phone 390×844/ }));
    await user.click(screen.getByRole('button', { name: /^Capture ·/ }));
    const strip = await screen.findByRole('list', { name: 'Captures of this session' });
    await waitFor(() => expect(within(strip).getAllByRole('listitem')).toHaveLength(2));
    expect(within(strip).getAllByRole('button', { name: /^Forget/ })).toHaveLength(1);
    await user.click(
      within(strip).getByRole('button', { name: /^Forget example.com · PNG · 300×200/ }),
    );
    expect(within(strip).getAllByRole('listitem')).toHaveLength(1);
    expect(within(strip).getByRole('listitem')).toHaveTextContent('390×844');
    expect(within(strip).getByRole('listitem')).toHaveTextContent('on screen');
  });

  test('a variant that fails or is not an image says so and keeps the capture on screen', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F&width=300&height=200');
    const img = await capture(user);
    await sandboxControl.fault({ kind: 'status', status: 503 });
    await user.click(screen.getByRole('button', { name: 'on a phone (390×844) · 5 credits' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('HTTP 503');
    expect(within(alert).getByRole('button', { name: 'Try again · 5 credits' })).toBeEnabled();
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'application/json',
      body: '{"queued":true}',
    });
    await user.click(screen.getByRole('button', { name: 'as WebP at quality 60 · 5 credits' }));
    expect(
      await screen.findByText(/did not answer example.com · WebP q60 · 300×200 with an image/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(img).toBeInTheDocument();
  });
});
