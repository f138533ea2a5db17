import { describe, expect, test } from 'vitest';
import { homeInfoRows, humanizeKey } from './home-info.ts';

describe('homeInfoRows', () => {
  test('labels every present field and formats it for reading', () => {
    const info = {
      daysOnRealty: 12,
      lotAreaValue: 0.25,
      lotAreaUnit: 'acres',
      taxAssessedValue: 412_300,
      rentEstimate: 2_950,
      homeType: 'SINGLE_FAMILY',
      timeOnRealty: 12 * 86_400_000 + 3 * 3_600_000,
      listing_sub_type: { is_FSBA: true, is_newHome: false },
      isPremierBuilder: false,
      latitude: 47.6062,
      rpid: 123456789,
      currency: 'USD',
      solarPotential: { score: 81 },
    };
    const rows = Object.fromEntries(homeInfoRows(info).map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      'Days on market': '12 days',
      'Lot area': '0.25 acres',
      'Tax assessed value': '$412,300',
      'Rent estimate': '$2,950/mo',
      'Home type': 'Single family',
      'Time on market': '12 days 3 h',
      'Listing sub-type': 'For sale by agent',
      'Premier builder': 'No',
      Latitude: '47.606200',
      'Listing id': '123456789',
      'Solar potential': '{"score":81}',
    });
    expect(rows).not.toHaveProperty('Lot area unit');
  });

  test('a lot in square feet reads "sq ft" like every other area on the page', () => {
    const rows = homeInfoRows({ lotAreaValue: 4805, lotAreaUnit: 'sqft' });
    expect(rows.find((r) => r.label === 'Lot area')?.value).toBe('4,805 sq ft');
  });

  test('reads numbers and flags the service wrote as text', () => {
    const rows = Object.fromEntries(
      homeInfoRows({
        taxAssessedValue: '412300',
        bedrooms: '3',
        isPremierBuilder: 'false',
        isFeatured: true,
        city: 'Austin',
        zipcode: 2118,
        price: 'Contact agent',
      }).map((r) => [r.label, r.value]),
    );
    expect(rows).toMatchObject({
      'Tax assessed value': '$412,300',
      Bedrooms: '3',
      'Premier builder': 'No',
      Featured: 'Yes',
      City: 'Austin',
      'ZIP code': '2,118',
      Price: 'Contact agent',
    });
  });

  test('gives nothing for a listing without detail data', () => {
    expect(homeInfoRows(undefined)).toEqual([]);
  });

  test('humanizes unknown field names', () => {
    expect(humanizeKey('solarPotential')).toBe('Solar potential');
    expect(humanizeKey('is_openHouse')).toBe('Open house');
  });
});
