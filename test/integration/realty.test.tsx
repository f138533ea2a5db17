import '../leaflet-env.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { parseCsv } from '../parse-csv.ts';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

// 128 listings, two of them with an undisclosed address: small enough to keep each test fast.
const DENVER = 'https://www.realty.example/homes/denver-co_rb/3_p/';
const route = (url: string, extra = '') => `/realty?url=${encodeURIComponent(url)}${extra}`;

interface RawListing {
  rpid?: string;
  id?: string;
  statusType?: string;
  unformattedPrice?: number;
  area?: number | string;
  latLong?: { latitude?: number; longitude?: number };
  isUndisclosedAddress?: boolean;
  imgSrc?: string;
  carouselPhotos?: { url: string }[];
  carouselPhotosComposable?: { baseUrl: string; photoData: { photoKey: string }[] };
  hdpData?: { homeInfo?: Record<string, unknown> };
}

/** The URLs of a listing's composable photos, built the way the upstream documents. */
const composableUrls = (l: RawListing) =>
  (l.carouselPhotosComposable?.photoData ?? []).map((p) =>
    l.carouselPhotosComposable!.baseUrl.replace('{photoKey}', p.photoKey),
  );

/** The sandbox's answer, read directly: the ground truth the screen is checked against. */
async function sandboxAnswer(
  url: string,
): Promise<{ realty_listings: RawListing[]; totalResultCount?: number }> {
  const res = await fetch(`/api/realty?url=${encodeURIComponent(url)}&api_key=demo-key`);
  return (await res.json()) as { realty_listings: RawListing[]; totalResultCount?: number };
}

async function sandboxListings(url: string): Promise<RawListing[]> {
  return (await sandboxAnswer(url)).realty_listings;
}

async function fetchListings(path: string) {
  const view = renderApp(path);
  await view.user.click(
    await screen.findByRole('button', { name: 'Fetch listings · unknown cost' }),
  );
  const list = await screen.findByRole('listbox', { name: 'Listings' }, { timeout: 10_000 });
  // The list paints first; the map, then its clusters and pins, each a frame later.
  await waitFor(() =>
    expect(document.querySelector('.leaflet-container[data-clusters]')).not.toBeNull(),
  );
  return { ...view, list };
}

const rows = (list: HTMLElement) => within(list).getAllByRole('option');
/** The amount shown in a row, or undefined for "No price" and texts without one. */
function rowPrice(row: HTMLElement): number | undefined {
  const m = /^\$([\d,]+)/.exec(row.textContent ?? '');
  return m?.[1] ? Number(m[1].replace(/,/g, '')) : undefined;
}

describe('realty map view', () => {
  test('lists the listings of the page after Run, with the map and the price stats', async () => {
    const { list } = await fetchListings(route(DENVER));
    expect(screen.getByRole('heading', { name: '128 listings' })).toBeInTheDocument();
    expect(rows(list).length).toBeGreaterThan(5);
    expect(rows(list)[0]).toHaveAttribute('aria-setsize', '128');
    expect(screen.getByRole('region', { name: 'Map of listings' })).toBeInTheDocument();
    expect(screen.getByTestId('stat-count')).toHaveTextContent('128');
    expect(screen.getByTestId('stat-median')).toHaveTextContent(/^\$[\d,]+$/);
  });

  test('shows the price per area in the list, the drawer and the stats, in sq ft or m²', async () => {
    const raw = await sandboxListings(DENVER);
    const sqftOf = (l: RawListing) => {
      const area = Number(String(l.area ?? '').replace(/,/g, ''));
      return area > 0 ? area : Number(l.hdpData?.homeInfo?.['livingArea'] ?? 0) || undefined;
    };
    const noArea = raw.filter((l) => sqftOf(l) === undefined).length;
    expect(noArea).toBeGreaterThan(0);
    const { list, user, router } = await fetchListings(route(DENVER));
    const visible = rows(list).map((r) => r.dataset.key);
    const pick = raw.find(
      (l) =>
        visible.includes(l.rpid ?? l.id) &&
        typeof l.unformattedPrice === 'number' &&
        l.statusType === 'FOR_SALE' &&
        sqftOf(l) !== undefined,
    )!;
    const perSqft = Math.round(pick.unformattedPrice! / sqftOf(pick)!);
    const row = () => rows(list).find((r) => r.dataset.key === (pick.rpid ?? pick.id))!;
    expect(row()).toHaveTextContent(`$${perSqft.toLocaleString('en-US')}/sq ft`);
    expect(row()).toHaveTextContent(`${sqftOf(pick)!.toLocaleString('en-US')} sq ft`);
    expect(screen.getByTestId('stat-median-per-area')).toHaveTextContent(/^\$[\d,]+\/sq ft$/);
    expect(screen.getByTestId('per-area-left-out')).toHaveTextContent(
      `${noArea} without a living area`,
    );
    expect(screen.getByTestId('quality')).toHaveTextContent(`${noArea} without a living area`);

    await user.click(screen.getByRole('radio', { name: 'm²' }));
    expect(router.state.location.search).toContain('unit=m2');
    const perM2 = Math.round((pick.unformattedPrice! / sqftOf(pick)!) * 10.7639104);
    expect(row()).toHaveTextContent(`$${perM2.toLocaleString('en-US')}/m²`);
    expect(screen.getByTestId('stat-median-per-area')).toHaveTextContent(/^\$[\d,]+\/m²$/);
    await user.click(row());
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText('Price per m²').nextSibling).toHaveTextContent(
      `$${perM2.toLocaleString('en-US')}/m²`,
    );
    expect(within(drawer).getAllByText('Living area')[0]!.nextSibling).toHaveTextContent(
      `${Math.round(sqftOf(pick)! / 10.7639104).toLocaleString('en-US')} m²`,
    );
  });

  test('colours the map by price per area: a legend of bins with counts, clusters by their median', async () => {
    const { user, router } = await fetchListings(route(DENVER));
    expect(
      screen.getByRole('list', { name: 'Map legend: pin colour by status' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Colour by'), 'Price per area');
    // The select shows the choice at once; the page URL and the map follow once it has painted.
    expect(screen.getByLabelText('Colour by')).toHaveValue('ppa');
    await waitFor(() => expect(router.state.location.search).toContain('color=ppa'));
    const legend = await screen.findByRole('list', {
      name: 'Map legend: colour by price per area, sale prices',
    });
    const counts = within(legend)
      .getAllByRole('listitem')
      .map((li) => Number(/\((\d+)\)$/.exec(li.textContent ?? '')?.[1]));
    const onMap = Number(
      /^(\d+) on the map/.exec(screen.getByText(/^\d+ on the map/).textContent)?.[1],
    );
    // Every listing on the map is in one bin, or counted as not on this scale.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(onMap);
    // No two entries share a colour: what is off the scale is one grey entry.
    const swatches = within(legend)
      .getAllByRole('listitem')
      .map((li) => (li.firstElementChild as HTMLElement).style.background);
    expect(new Set(swatches).size).toBe(swatches.length);
    expect(legend).toHaveTextContent(
      /not on this scale: \d+ without a price per area, \d+ monthly rents \(\d+\)/,
    );
    const bins = within(legend).getAllByTestId('legend-bin');
    expect(bins.length).toBeGreaterThanOrEqual(3);
    for (const bin of bins) expect(bin).toHaveTextContent(/^\$[\d,]+ – \$[\d,]+\/sq ft \(\d+\)$/);
    const colors = bins.map((b) => (b.firstElementChild as HTMLElement).style.background);

    // The clusters are drawn again, each in the colour of its listings' median: on the canvas,
    // their listbox says what each bubble shows.
    const clusters = screen.getByRole('listbox', { name: 'Clusters in view' });
    await waitFor(() =>
      expect(within(clusters).getByRole('option')).toHaveAttribute(
        'data-median',
        expect.stringMatching(/^[\d.]+$/),
      ),
    );
    clusters.focus();
    const size = Number(within(clusters).getByRole('option').getAttribute('aria-setsize'));
    expect(size).toBeGreaterThan(0);
    for (let i = 1; i <= size; i++) {
      const c = within(clusters).getByRole('option');
      expect(c).toHaveAttribute('aria-posinset', String(i));
      expect(c.dataset.median).toMatch(/^[\d.]+$/);
      const swatch = document.createElement('span');
      swatch.style.background = c.dataset.color ?? '';
      expect(colors).toContain(swatch.style.background);
      expect(c).toHaveTextContent(/^\d+ listings, median \$[\d,]+: zoom in$/);
      await user.keyboard('{ArrowDown}');
    }

    await user.selectOptions(screen.getByLabelText('Colour by'), 'Status');
    await waitFor(() => expect(router.state.location.search).not.toContain('color='));
    await waitFor(() =>
      expect(document.querySelector('[data-testid="cluster"][data-median]')).toBeNull(),
    );
  });

  test('an area in the page URL selects its listings: list, stats and exports follow, and Clear area ends it', async () => {
    const raw = await sandboxListings(DENVER);
    const placed = raw.flatMap((l) =>
      typeof l.latLong?.latitude === 'number' ? [[l.latLong.latitude, l.latLong.longitude!]] : [],
    );
    const mid = (i: 0 | 1) =>
      Math.round(placed.map((p) => p[i]!).sort((a, b) => a - b)[placed.length >> 1]! * 1000) / 1000;
    const [south, west, north, east] = [mid(0) - 0.2, mid(1) - 0.2, mid(0), mid(1)].map((n) =>
      Number(n.toFixed(3)),
    );
    const inside = placed.filter(
      ([lat, lng]) => lat! >= south! && lat! <= north! && lng! >= west! && lng! <= east!,
    ).length;
    expect(inside).toBeGreaterThan(10);
    expect(inside).toBeLessThan(placed.length);

    const downloads = captureDownloads();
    const { user, router } = await fetchListings(
      route(DENVER, `&shape=rect_${south}_${west}_${north}_${east}&minBeds=1`),
    );
    const shown = Number(/^(\d+) of 128$/.exec(screen.getByTestId('stat-count').textContent)?.[1]);
    // The filters and the area together: fewer than the area alone (lots have no beds).
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(inside);
    expect(screen.getByRole('heading', { name: `${shown} listings` })).toBeInTheDocument();
    expect(screen.getByTestId('area-status')).toHaveTextContent(
      `Showing the ${shown} listings inside the rectangle (2 without coordinates left out).`,
    );
    expect(screen.getByRole('table', { name: 'Medians of the area' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const lines = (await downloads[0]!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(shown + 1);

    await user.selectOptions(screen.getByLabelText('Min beds'), 'Any');
    await waitFor(() =>
      expect(screen.getByTestId('stat-count')).toHaveTextContent(`${inside} of 128`),
    );
    await user.click(screen.getByRole('button', { name: 'Clear area' }));
    await waitFor(() => expect(screen.getByTestId('stat-count')).toHaveTextContent(/^128$/));
    expect(router.state.location.search).not.toContain('shape=');
    expect(screen.getByRole('button', { name: 'Clear area' })).toBeDisabled();
  });

  test("each listing's gap to the median price per area of the selection, in the list and the drawer", async () => {
    const { list, user } = await fetchListings(route(DENVER));
    const saleMedian = within(screen.getByTestId('medians-sale')).getByTestId('median-per-area');
    expect(saleMedian).toHaveTextContent(/^\$[\d,]+\/sq ft$/);
    const dollars = (text: string) => Number(/\$([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, ''));
    const median = dollars(saleMedian.textContent ?? '');
    const row = rows(list).find(
      (r) => within(r).queryByTestId('gap') && !/\/mo/.test(r.textContent ?? ''),
    )!;
    const gapText = within(row).getByTestId('gap').textContent;
    const [, pct, side] = /(\d+)% (below|above) median$/.exec(gapText) ?? [];
    const perArea = dollars(/· (\$[\d,]+)\/sq ft/.exec(row.textContent ?? '')?.[1] ?? '');
    const expected = Math.round((perArea / median - 1) * 100);
    // From the rounded figures on screen: within a point of the exact gap.
    expect(Math.abs((side === 'below' ? -1 : 1) * Number(pct) - expected)).toBeLessThanOrEqual(1);

    await user.click(row);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByTestId('drawer-gap')).toHaveTextContent(
      `${pct}% ${side} the median of the listings shown (${saleMedian.textContent})`,
    );
    expect(
      screen.getByRole('table', { name: 'Medians of the listings shown' }),
    ).toBeInTheDocument();
  });

  test('pins up to four listings to the compare tray, side by side, as CSV, kept in this tab', async () => {
    const downloads = captureDownloads();
    const { list, user } = await fetchListings(route(DENVER));
    const picked = rows(list).slice(0, 5);
    const keys = picked.map((r) => r.dataset.key!);
    for (const row of picked.slice(0, 4)) {
      await user.click(row);
      await user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Pin to compare' }),
      );
      expect(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Pinned to compare' }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    // A fifth waits for a free place.
    await user.click(picked[4]!);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByRole('button', { name: 'Pin to compare' })).toBeDisabled();
    expect(within(drawer).getByText('The tray holds 4: unpin one first.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const tray = screen.getByRole('region', { name: 'Compare (4 of 4)' });
    const table = within(tray).getByRole('table', { name: 'Pinned listings side by side' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const priceRow = within(table).getByRole('rowheader', { name: 'Price' }).closest('tr')!;
    const prices = within(priceRow)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(prices).toEqual(
      picked.slice(0, 4).map((r) => r.querySelector('.font-semibold')!.textContent),
    );
    for (const r of picked.slice(0, 4)) expect(r).toHaveTextContent('Pinned');
    expect(JSON.parse(sessionStorage.getItem('web-data-dashboard.realty-compare')!)).toEqual(
      keys.slice(0, 4),
    );

    await user.click(within(tray).getByRole('button', { name: 'Download the comparison as CSV' }));
    const [header, ...lines] = parseCsv((await downloads[0]!.text()).replace(/^\uFEFF/, ''));
    expect(downloads[0]!.filename).toMatch(/^realty-compare-denver-co-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines.map((l) => l[header!.indexOf('id')])).toEqual(keys.slice(0, 4));
    expect(header).toContain('vs_median_price_per_area_pct');

    const firstAddress = within(table)
      .getAllByRole('columnheader')[0]!
      .querySelector('button')!.textContent;
    await user.click(within(tray).getByRole('button', { name: `Unpin ${firstAddress}` }));
    expect(screen.getByRole('region', { name: 'Compare (3 of 4)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unpin all' }));
    expect(screen.queryByRole('region', { name: /^Compare/ })).not.toBeInTheDocument();
  });

  test('a page cut off by the service says so, with the counts and what to do', async () => {
    const miami = 'https://www.realty.example/homes/miami-fl_rb/';
    const answer = await sandboxAnswer(miami);
    const total = answer.totalResultCount!;
    expect(total).toBeGreaterThan(answer.realty_listings.length);
    await fetchListings(route(miami));
    const n = (v: number) => v.toLocaleString('en-US');
    expect(screen.getByTestId('cut-off')).toHaveTextContent(
      `This page was cut off: the answer holds ${n(answer.realty_listings.length)} of the ${n(total)} listings that match the search.`,
    );
    expect(screen.getByTestId('cut-off')).toHaveTextContent(
      /narrow the search on the listing site/,
    );
  });

  test('a page whose total is its own count of listings is not called cut off', async () => {
    const seattle = 'https://www.realty.example/homes/seattle-wa_rb/';
    const answer = await sandboxAnswer(seattle);
    expect(answer.totalResultCount).toBe(answer.realty_listings.length);
    await fetchListings(route(seattle));
    expect(screen.queryByTestId('cut-off')).not.toBeInTheDocument();
  });

  test('sorts the list by price, both ways, and keeps the order in the page URL', async () => {
    const { list, user, router } = await fetchListings(route(DENVER));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    let prices = rows(list).map(rowPrice);
    expect(prices.every((p) => p !== undefined)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b! - a!));
    expect(router.state.location.search).toContain('sort=price-desc');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    prices = rows(list).map(rowPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a! - b!));
  });

  test('filters update the list and the stats together and live in the page URL', async () => {
    const { list, user, router } = await fetchListings(route(DENVER));
    const medianBefore = screen.getByTestId('stat-median').textContent;
    await user.type(screen.getByLabelText('Min price'), '600000');
    await waitFor(() => expect(screen.getByTestId('stat-count')).toHaveTextContent(/^\d+ of 128$/));
    for (const p of rows(list).map(rowPrice)) expect(p).toBeGreaterThanOrEqual(600_000);
    expect(screen.getByTestId('stat-median').textContent).not.toBe(medianBefore);
    expect(router.state.location.search).toContain('minPrice=600000');
    expect(router.state.location.search).toContain(`url=${encodeURIComponent(DENVER)}`);

    await user.selectOptions(screen.getByLabelText('Min beds'), '4+');
    for (const r of rows(list))
      expect(Number(/(\d+) bd/.exec(r.textContent ?? '')?.[1])).toBeGreaterThanOrEqual(4);
    const shown = Number(/^(\d+)/.exec(screen.getByTestId('stat-count').textContent ?? '')?.[1]);
    expect(screen.getByRole('heading', { name: `${shown} listings` })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(screen.getByTestId('stat-count')).toHaveTextContent(/^128$/));
    expect(router.state.location.search).not.toContain('minPrice');
  });

  test('the list is on screen before the map starts drawing, and the page does not move for either', async () => {
    // What the reader sees, in the order it appears: the results' filters and boxes, the listbox
    // rows, the map's canvas, then the price figures below them, each in a paint of its own.
    const seen: string[] = [];
    const parts = {
      results: '[aria-label="Realty results"]',
      list: '[role="listbox"] [role="option"]',
      map: '.leaflet-container',
      stats: '[data-testid="stat-count"]',
    };
    const observer = new MutationObserver(() => {
      const now = Object.entries(parts)
        .filter(([name, selector]) => !seen.includes(name) && document.querySelector(selector))
        .map(([name]) => name);
      // Two in one batch of DOM changes would be one paint: recorded as such, and failed.
      if (now.length > 0) seen.push(now.join(' and '));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      const view = renderApp(route(DENVER));
      const stage = (await screen.findByRole('region', { name: 'About this view' })).parentElement!;
      await view.user.click(
        await screen.findByRole('button', { name: 'Fetch listings · unknown cost' }),
      );
      // The progress takes the about text's place inside the same stage: nothing below it moves.
      expect(stage).toContainElement(
        await screen.findByText(/Running the realty listings request/),
      );
      await screen.findByRole('listbox', { name: 'Listings' }, { timeout: 10_000 });
      await waitFor(() => expect(seen).toEqual(['results', 'list', 'map', 'stats']));
      // The map's box was there, at the map's size, before the map: no jump when it arrives.
      expect(screen.getByRole('region', { name: 'Map of listings' })).toBeInTheDocument();
    } finally {
      observer.disconnect();
    }
  });

  test('filters from a shared link apply as soon as the listings arrive', async () => {
    const { list } = await fetchListings(route(DENVER, '&minBeds=3&status=FOR_SALE'));
    expect(screen.getByLabelText('Min beds')).toHaveValue('3');
    for (const r of rows(list)) {
      expect(Number(/(\d+) bd/.exec(r.textContent ?? '')?.[1])).toBeGreaterThanOrEqual(3);
      expect(r).not.toHaveTextContent(/Sold|for rent/);
    }
  });

  test('a row opens the details drawer with the home info, the photo carousel and the JSON', async () => {
    const raw = await sandboxListings(DENVER);
    const { list, user } = await fetchListings(route(DENVER));
    const visible = rows(list).map((r) => r.dataset.key);
    const pick = raw.find(
      (l) =>
        visible.includes(l.rpid ?? l.id) &&
        (l.carouselPhotos?.length ?? 0) >= 2 &&
        l.hdpData?.homeInfo?.['taxAssessedValue'] !== undefined,
    )!;
    const row = rows(list).find((r) => r.dataset.key === (pick.rpid ?? pick.id))!;
    await user.click(row);
    expect(row).toHaveAttribute('aria-selected', 'true');

    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByRole('button', { name: 'Close listing details' })).toHaveFocus();
    expect(within(drawer).getByRole('heading', { name: 'Home details' })).toBeInTheDocument();
    for (const label of [
      'Days on market',
      'Lot area',
      'Tax assessed value',
      'Home type',
      'Rent estimate',
    ])
      expect(within(drawer).getAllByText(label).length).toBeGreaterThan(0);
    const photos = pick.carouselPhotos!.length;
    expect(within(drawer).getByTestId('photo-position')).toHaveTextContent(`1 of ${photos}`);
    await user.click(within(drawer).getByRole('button', { name: 'Next photo' }));
    expect(within(drawer).getByTestId('photo-position')).toHaveTextContent(`2 of ${photos}`);
    expect(within(drawer).getByRole('img')).toHaveAttribute('src', pick.carouselPhotos![1]!.url);

    const link = within(drawer).getByRole('link', { name: /Open the listing page/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(drawer).getByRole('button', { name: 'Copy listing' })).toBeInTheDocument();
    // The viewer shows the listing's own fields (rpid and id both hold its id).
    expect(within(drawer).getAllByText(`"${pick.rpid ?? pick.id}"`).length).toBeGreaterThan(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(list).toHaveFocus();
  });

  test('a listing with 20+ composable photos shows every one of them, "1 of N" to "N of N"', async () => {
    const raw = await sandboxListings(DENVER);
    const { list, user } = await fetchListings(route(DENVER));
    const visible = rows(list).map((r) => r.dataset.key);
    const pick = raw.find(
      (l) => visible.includes(l.rpid ?? l.id) && composableUrls(l).length >= 20,
    )!;
    expect(pick).toBeDefined();
    const urls = composableUrls(pick);
    const n = urls.length;
    const row = rows(list).find((r) => r.dataset.key === (pick.rpid ?? pick.id))!;
    // The list's thumbnail is the first photo.
    expect(row.querySelector('img')).toHaveAttribute('src', urls[0]);
    await user.click(row);

    const drawer = screen.getByRole('dialog');
    const position = within(drawer).getByTestId('photo-position');
    const photo = () => within(drawer).getByRole('img', { name: /\(\d+ of \d+\)$/ });
    const seen: string[] = [];
    for (let i = 1; i <= n; i++) {
      expect(position).toHaveTextContent(`${i} of ${n}`);
      seen.push(photo().getAttribute('src')!);
      await user.click(within(drawer).getByRole('button', { name: 'Next photo' }));
    }
    expect(seen).toEqual(urls);
    // Past the last it wraps round to the first; Previous from the first goes to the last.
    expect(position).toHaveTextContent(`1 of ${n}`);
    await user.click(within(drawer).getByRole('button', { name: 'Previous photo' }));
    expect(position).toHaveTextContent(`${n} of ${n}`);
    expect(photo()).toHaveAttribute('src', urls[n - 1]);

    // From the keyboard: arrows step, Home and End jump.
    within(drawer).getByRole('button', { name: 'Next photo' }).focus();
    await user.keyboard('{Home}');
    expect(position).toHaveTextContent(`1 of ${n}`);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(position).toHaveTextContent(`3 of ${n}`);
    await user.keyboard('{ArrowLeft}');
    expect(position).toHaveTextContent(`2 of ${n}`);
    await user.keyboard('{End}');
    expect(position).toHaveTextContent(`${n} of ${n}`);
    expect(photo()).toHaveAttribute('src', urls[n - 1]);
  });

  test('a photo that fails to load shows the "No photo" placeholder, in the list and in the drawer', async () => {
    const raw = await sandboxListings(DENVER);
    const { list, user } = await fetchListings(route(DENVER));
    const visible = rows(list).map((r) => r.dataset.key);
    const pick = raw.find(
      (l) => visible.includes(l.rpid ?? l.id) && composableUrls(l).length >= 2,
    )!;
    const row = rows(list).find((r) => r.dataset.key === (pick.rpid ?? pick.id))!;
    // The link has expired: the thumbnail gives way to the placeholder, never a broken image.
    fireEvent.error(row.querySelector('img')!);
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByText('No photo')).toBeInTheDocument();

    await user.click(row);
    const drawer = screen.getByRole('dialog');
    const urls = composableUrls(pick);
    fireEvent.error(within(drawer).getByRole('img', { name: /\(1 of \d+\)$/ }));
    expect(within(drawer).queryByRole('img', { name: /\(1 of \d+\)$/ })).toBeNull();
    expect(within(drawer).getByText('No photo')).toBeInTheDocument();
    expect(within(drawer).getByTestId('photo-position')).toHaveTextContent(`1 of ${urls.length}`);
    // The other photos are still there.
    await user.click(within(drawer).getByRole('button', { name: 'Next photo' }));
    expect(within(drawer).getByRole('img', { name: /\(2 of \d+\)$/ })).toHaveAttribute(
      'src',
      urls[1],
    );
  });

  test('the list works from the keyboard: arrows move, Enter opens', async () => {
    const { list, user } = await fetchListings(route(DENVER));
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const second = rows(list)[1]!;
    expect(list).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('dialog')).toHaveAccessibleName(/^(\$[\d,]+(\/mo)?|No price|.+)$/);
  });

  test("the map's cluster bubbles are a listbox from the keyboard: one tab stop, arrows choose, Enter zooms in", async () => {
    const { user, router } = await fetchListings(route(DENVER));
    const zoom = () =>
      Number(new URLSearchParams(router.state.location.search).get('at')?.split(',')[2]);
    // A fit is a move: the page URL then says the zoom the bubbles are drawn at.
    const map = document.querySelector<HTMLElement>('.leaflet-container')!;
    delete map.dataset.clusters;
    await user.click(screen.getByRole('button', { name: 'Fit all' }));
    await waitFor(() => expect(map.dataset.clusters).toMatch(/^[1-9]\d*$/));
    const fitted = zoom();
    expect(fitted).toBeGreaterThan(0);

    const clusters = screen.getByRole('listbox', { name: 'Clusters in view' });
    expect(clusters).toHaveAttribute('tabindex', '0');
    const chosen = () => within(clusters).getByRole('option');
    // The nearest the map's centre first, each with its place among them all.
    expect(chosen()).toHaveAttribute('aria-posinset', '1');
    expect(chosen()).toHaveAttribute('aria-setsize', map.dataset.clusters);
    expect(chosen()).toHaveTextContent(/^\d+ listings: zoom in$/);
    expect(clusters).toHaveAttribute('aria-activedescendant', chosen().id);
    clusters.focus();
    await user.keyboard('{ArrowDown}');
    expect(chosen()).toHaveAttribute('aria-posinset', '2');
    await user.keyboard('{Home}');
    expect(chosen()).toHaveAttribute('aria-posinset', '1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(zoom()).toBeGreaterThan(fitted));
  });

  test('hovering a row emphasises its place on the map', async () => {
    const { list, user } = await fetchListings(route(DENVER));
    const row = rows(list)[2]!;
    await user.hover(row);
    expect(row).toHaveAttribute('data-hovered', 'true');
    const ring = document.querySelector('[data-testid="emphasised-marker"]');
    expect(ring).toHaveAttribute('data-key', row.dataset.key);
    await user.unhover(list);
    expect(document.querySelector('[data-testid="emphasised-marker"]')).toBeNull();
  });

  test('listings without coordinates are counted and listed under "not on the map", never dropped', async () => {
    const raw = await sandboxListings(DENVER);
    const hidden = raw.filter((l) => l.isUndisclosedAddress).length;
    expect(hidden).toBeGreaterThan(0);
    await fetchListings(route(DENVER));

    const section = screen.getByRole('region', { name: `Not on the map (${hidden})` });
    expect(within(section).getAllByRole('listitem')).toHaveLength(hidden);
    expect(within(section).getAllByText(/address undisclosed/)).toHaveLength(hidden);
    expect(screen.getByTestId('quality')).toHaveTextContent(`${hidden} without coordinates`);

    // Every other listing is on the map: in a cluster bubble or as a single point. The map is
    // drawn a frame after the list.
    const map = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.leaflet-container[data-points]');
      expect(el).not.toBeNull();
      return el!;
    });
    // The bubbles' listbox counts the listings in them all (it shows one bubble at a time).
    const clustered = Number(
      screen.getByRole('listbox', { name: 'Clusters in view' }).dataset.listings,
    );
    expect(clustered + Number(map.dataset.points)).toBe(raw.length - hidden);
  });

  test('the exports hold the filtered listings and are named after the place and the date', async () => {
    const downloads = captureDownloads();
    const { user } = await fetchListings(route(DENVER));
    await user.selectOptions(screen.getByLabelText('Min beds'), '4+');
    await waitFor(() => expect(screen.getByTestId('stat-count')).toHaveTextContent(/^\d+ of 128$/));
    const shown = Number(/^(\d+)/.exec(screen.getByTestId('stat-count').textContent ?? '')?.[1]);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download GeoJSON' }));
    const [csv, geo] = downloads;
    expect(csv?.filename).toMatch(/^realty-denver-co-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await csv!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(shown + 1);
    expect(lines[0]).toMatch(/^id,status,status_text,price,/);

    expect(geo?.filename).toMatch(/^realty-denver-co-\d{4}-\d{2}-\d{2}\.geojson$/);
    const collection = JSON.parse(await geo!.text()) as {
      features: { properties: { beds: number } }[];
    };
    expect(collection.features.length).toBeLessThanOrEqual(shown);
    expect(collection.features.every((f) => f.properties.beds >= 4)).toBe(true);
  });

  test('every export counts the photos of both shapes', async () => {
    const raw = await sandboxListings(DENVER);
    const expected = new Map(
      raw.map((l) => [
        l.rpid ?? l.id,
        composableUrls(l).length || l.carouselPhotos?.length || (l.imgSrc ? 1 : 0),
      ]),
    );
    expect(Math.max(...expected.values())).toBeGreaterThanOrEqual(20);
    const downloads = captureDownloads();
    const { user } = await fetchListings(route(DENVER));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await user.click(screen.getByRole('button', { name: 'Download GeoJSON' }));
    const [csv, json, geo] = downloads;

    const [header, ...lines] = parseCsv((await csv!.text()).replace(/^\uFEFF/, ''));
    const id = header!.indexOf('id');
    const count = header!.indexOf('photo_count');
    expect(count).toBeGreaterThan(0);
    expect(lines).toHaveLength(raw.length);
    for (const cells of lines) expect(Number(cells[count])).toBe(expected.get(cells[id]));

    expect(json?.filename).toMatch(/^realty-denver-co-\d{4}-\d{2}-\d{2}\.json$/);
    const records = JSON.parse(await json!.text()) as {
      id: string;
      photo_count: number;
      photos: string[];
    }[];
    expect(records).toHaveLength(raw.length);
    for (const r of records) {
      expect(r.photo_count).toBe(expected.get(r.id));
      expect(r.photos).toHaveLength(r.photo_count);
    }

    const features = (
      JSON.parse(await geo!.text()) as { features: { properties: Record<string, unknown> }[] }
    ).features;
    for (const f of features)
      expect(f.properties['photo_count']).toBe(expected.get(f.properties['id'] as string));
  });

  test('without tiles the map draws the bundled outlines near the listings and says so', async () => {
    await fetchListings(route(DENVER));
    expect(
      await screen.findByText('Offline basemap: map tiles could not load'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('.leaflet-container')).toHaveAttribute(
        'data-outlines',
        'drawn',
      ),
    );
    // The country and Colorado at least; not the world's 233 outlines (only those near the view).
    const paths = document.querySelectorAll('.leaflet-basemap-pane path').length;
    expect(paths).toBeGreaterThanOrEqual(2);
    expect(paths).toBeLessThan(100);
  });

  test('a page without listings says so plainly', async () => {
    const sandboxFetch = globalThis.fetch;
    const urlOf = (input: RequestInfo | URL) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      urlOf(input).startsWith('/api/realty')
        ? Promise.resolve(
            new Response(JSON.stringify({ realty_listings: [] }), {
              headers: { 'content-type': 'application/json' },
            }),
          )
        : sandboxFetch(input, init),
    );
    try {
      const { user } = renderApp(route('https://www.realty.example/homes/nowhere_rb/'));
      await user.click(
        await screen.findByRole('button', { name: 'Fetch listings · unknown cost' }),
      );
      expect(await screen.findByText(/No listings on this page/)).toBeInTheDocument();
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    } finally {
      vi.stubGlobal('fetch', sandboxFetch);
    }
  });
});

describe('realty form', () => {
  test('an invalid URL shows the field error and sends nothing', async () => {
    const { user } = renderApp('/realty?url=not-a-url');
    await user.click(await screen.findByRole('button', { name: 'Fetch listings · unknown cost' }));
    expect(
      screen.getByText('Listing page URL must be a full http:// or https:// address.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Listing page URL/)).toHaveAttribute('aria-invalid', 'true');
    const ledger = await sandboxControl.ledger();
    expect(ledger.calls.filter((c) => c.endpoint === '/realty')).toEqual([]);
  });

  test('an example URL fills the form and spends nothing until Run', async () => {
    const { user, router } = renderApp('/realty');
    await user.click(await screen.findByRole('button', { name: 'Seattle, WA: homes for sale' }));
    expect(screen.getByLabelText(/^Listing page URL/)).toHaveValue(
      'https://www.realty.example/homes/seattle-wa_rb/',
    );
    expect(router.state.location.search).toBe(
      `?url=${encodeURIComponent('https://www.realty.example/homes/seattle-wa_rb/')}`,
    );
    expect(screen.queryByRole('listbox', { name: 'Listings' })).not.toBeInTheDocument();
    const ledger = await sandboxControl.ledger();
    expect(ledger.calls.filter((c) => c.endpoint === '/realty')).toEqual([]);
  });
});
