import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../test/parse-csv.ts';
import { csvCell } from '../../../lib/csv.ts';
import { exportFileName, homesToCsv, homesToJson, placeFromUrl, toGeoJson } from './export.ts';
import { toHomes } from './home.ts';
import { selectionMedians } from './stats.ts';
import { homesArb } from '../../../../test/arbitraries/realty.ts';

describe('csvCell', () => {
  test('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(2.5)).toBe('2.5');
  });

  test('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-122.33)).toBe('-122.33');
  });
});

describe('homesToCsv', () => {
  test('has a header plus one row per listing, every row as wide as the header', () => {
    fc.assert(
      fc.property(homesArb, (homes) => {
        const rows = parseCsv(homesToCsv(homes));
        expect(rows).toHaveLength(homes.length + 1);
        const width = rows[0]!.length;
        for (const r of rows) expect(r).toHaveLength(width);
      }),
    );
  });

  test('no parsed cell starts like a formula', () => {
    fc.assert(
      fc.property(homesArb, (homes) => {
        for (const row of parseCsv(homesToCsv(homes)).slice(1))
          for (const cell of row)
            if (/^[=+@\t\r]/.test(cell)) expect.fail(`formula-like cell ${cell}`);
      }),
    );
  });

  test('writes the fields a spreadsheet user needs', () => {
    const homes = toHomes([
      {
        rpid: '7',
        statusType: 'FOR_SALE',
        unformattedPrice: 450_000,
        address: '1 Main St, Austin, TX 78701',
        beds: 3,
        latLong: { latitude: 30.2, longitude: -97.7 },
        detailUrl: 'javascript:alert(1)',
      },
    ]);
    const [header, row] = parseCsv(homesToCsv(homes));
    const record = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(record).toMatchObject({
      id: '7',
      status: 'FOR_SALE',
      price: '450000',
      address: '1 Main St, Austin, TX 78701',
      beds: '3',
      latitude: '30.2',
      longitude: '-97.7',
      detail_url: '',
    });
  });

  test('gives the living area and the price per area in both units, empty when unknown', () => {
    const homes = toHomes([
      { rpid: 'sale', unformattedPrice: 500_000, area: 2_000 },
      { rpid: 'rent', statusType: 'FOR_RENT', unformattedPrice: 2_150, area: 1_000 },
      { rpid: 'lot', unformattedPrice: 90_000 },
    ]);
    const [header, ...rows] = parseCsv(homesToCsv(homes));
    const records = rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]])));
    expect(records[0]).toMatchObject({
      living_area_sqft: '2000',
      living_area_m2: '185.8',
      price_per_sqft: '250',
      price_per_m2: '2690.98',
    });
    expect(records[1]).toMatchObject({
      monthly: 'true',
      price_per_sqft: '2.15',
      price_per_m2: '23.14',
    });
    expect(records[2]).toMatchObject({
      living_area_sqft: '',
      price_per_sqft: '',
      price_per_m2: '',
    });
    const geo = toGeoJson(
      toHomes([{ unformattedPrice: 500_000, area: 2_000, latLong: { latitude: 1, longitude: 2 } }]),
    );
    expect(records[2]).toMatchObject({ vs_median_price_per_area_pct: '' });
    expect(geo.features[0]?.properties).toMatchObject({
      living_area_sqft: 2000,
      price_per_sqft: 250,
    });
  });
});

test("every export gives each listing's gap to the median price per area of its kind", () => {
  const homes = toHomes([
    { rpid: 'a', unformattedPrice: 400_000, area: 2_000, latLong: { latitude: 1, longitude: 1 } },
    { rpid: 'b', unformattedPrice: 500_000, area: 2_000 },
    { rpid: 'c', unformattedPrice: 623_450, area: 2_000 },
    { rpid: 'r', statusType: 'FOR_RENT', unformattedPrice: 2_000, area: 1_000 },
  ]);
  const [header, ...rows] = parseCsv(homesToCsv(homes));
  const col = header!.indexOf('vs_median_price_per_area_pct');
  expect(rows.map((r) => r[col])).toEqual(['-20', '0', '24.7', '0']);
  expect(homesToJson(homes).map((r) => r['vs_median_price_per_area_pct'])).toEqual([
    -20, 0, 24.7, 0,
  ]);
  expect(toGeoJson(homes).features[0]?.properties['vs_median_price_per_area_pct']).toBe(-20);
  // Against other medians (the selection's, for a few listings exported from it).
  const wider = selectionMedians(toHomes([{ unformattedPrice: 800_000, area: 2_000 }]));
  expect(parseCsv(homesToCsv(homes.slice(0, 1), wider))[1]![col]).toBe('-50');
});

describe('photo counts', () => {
  const homes = toHomes([
    {
      rpid: 'composable',
      latLong: { latitude: 47.6, longitude: -122.3 },
      imgSrc: 'https://photos.example/fp/k0-p_e.jpg',
      carouselPhotosComposable: {
        baseUrl: 'https://photos.example/fp/{photoKey}-p_e.jpg',
        photoData: Array.from({ length: 22 }, (_, i) => ({ photoKey: `k${i}` })),
      },
    },
    {
      rpid: 'carousel',
      latLong: { latitude: 47.7, longitude: -122.3 },
      carouselPhotos: [
        { url: 'https://a.example/1.jpg' },
        { url: 'https://a.example/2.jpg' },
        { url: 'javascript:alert(1)' },
      ],
    },
    { rpid: 'none', latLong: { latitude: 47.8, longitude: -122.3 } },
  ]);

  test('the CSV counts the photos of either shape, and names the first', () => {
    const [header, ...rows] = parseCsv(homesToCsv(homes));
    const col = (name: string) => rows.map((r) => r[header!.indexOf(name)]);
    expect(col('photo_count')).toEqual(['22', '2', '0']);
    expect(col('image_url')).toEqual([
      'https://photos.example/fp/k0-p_e.jpg',
      'https://a.example/1.jpg',
      '',
    ]);
  });

  test('the JSON counts them and lists every URL', () => {
    const records = homesToJson(homes);
    expect(records.map((r) => r['photo_count'])).toEqual([22, 2, 0]);
    expect(records[0]!['photos']).toHaveLength(22);
    expect(records[0]!['photos']).toContain('https://photos.example/fp/k21-p_e.jpg');
    expect(records[2]).toMatchObject({ id: 'none', photos: [], image_url: null, beds: null });
  });

  test('the GeoJSON counts them', () => {
    expect(toGeoJson(homes).features.map((f) => f.properties['photo_count'])).toEqual([22, 2, 0]);
  });
});

describe('homesToJson', () => {
  test('has one record per listing with the CSV columns, and survives JSON', () => {
    fc.assert(
      fc.property(homesArb, (homes) => {
        const records = homesToJson(homes);
        expect(records).toHaveLength(homes.length);
        const header = parseCsv(homesToCsv([]))[0]!;
        for (const r of records) expect(Object.keys(r)).toEqual([...header, 'photos']);
        expect(JSON.parse(JSON.stringify(records))).toEqual(records);
      }),
    );
  });
});

describe('toGeoJson', () => {
  test('is a FeatureCollection of points, longitude first, for listings with coordinates only', () => {
    const homes = toHomes([
      { rpid: '1', latLong: { latitude: 30.2, longitude: -97.7 }, unformattedPrice: 5 },
      { rpid: '2', isUndisclosedAddress: true },
    ]);
    const fc1 = toGeoJson(homes);
    expect(fc1.type).toBe('FeatureCollection');
    expect(fc1.features).toHaveLength(1);
    expect(fc1.features[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [-97.7, 30.2] },
      properties: { id: '1', price: 5, status: 'UNKNOWN' },
    });
  });

  test('has one feature per placed listing and survives JSON', () => {
    fc.assert(
      fc.property(homesArb, (homes) => {
        const g = toGeoJson(homes);
        expect(g.features).toHaveLength(homes.filter((h) => h.position).length);
        expect(JSON.parse(JSON.stringify(g))).toEqual(g);
      }),
    );
  });
});

describe('file names', () => {
  test.each([
    ['https://www.realty.example/homes/seattle-wa_rb/', 'seattle-wa'],
    ['https://www.realty.example/homes/for_rent/austin-tx_rb/', 'austin-tx'],
    ['https://www.realty.example/homes/los-angeles-ca_rb/?demo=10000', 'los-angeles-ca'],
    ['https://www.realty.example/Chicago%20IL/', 'chicago-il'],
    ['https://www.realty.example/', 'realty-example'],
    ['not a url', 'listings'],
  ])('takes the place of %s as %s', (url, place) => {
    expect(placeFromUrl(url)).toBe(place);
  });

  test('carry the place and the date', () => {
    expect(
      exportFileName(
        'https://www.realty.example/homes/seattle-wa_rb/',
        'csv',
        new Date(2026, 10, 21),
      ),
    ).toBe('realty-seattle-wa-2026-11-21.csv');
  });
});
