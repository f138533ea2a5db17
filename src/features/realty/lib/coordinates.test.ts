import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { placeListing } from './coordinates.ts';
import { messyListing } from '../../../../test/arbitraries/realty.ts';

const info = (homeInfo: Record<string, unknown>) => ({ hdpData: { homeInfo } });

describe('placeListing', () => {
  test('uses latLong when it holds a valid position', () => {
    const p = placeListing({ latLong: { latitude: 47.6, longitude: -122.3 } });
    expect(p).toEqual({ position: { lat: 47.6, lng: -122.3 }, source: 'latLong', reason: null });
  });

  test('reads coordinates that arrive as strings', () => {
    const p = placeListing({ latLong: { latitude: '47.6', longitude: '-122.3' } });
    expect(p.position).toEqual({ lat: 47.6, lng: -122.3 });
  });

  test.each([
    ['missing', {}],
    ['an empty object', { latLong: {} }],
    ['nulls', { latLong: { latitude: null, longitude: null } }],
  ])('falls back to the detail data when latLong is %s', (_name, raw) => {
    const p = placeListing({ ...raw, ...info({ latitude: 30.1, longitude: -97.7 }) });
    expect(p).toEqual({ position: { lat: 30.1, lng: -97.7 }, source: 'homeInfo', reason: null });
  });

  test('never places an undisclosed address, even with coordinates', () => {
    const p = placeListing({
      isUndisclosedAddress: 'true',
      latLong: { latitude: 47.6, longitude: -122.3 },
    });
    expect(p).toEqual({ position: null, source: null, reason: 'undisclosed' });
  });

  test('honours the service marking a listing unmappable', () => {
    const p = placeListing({
      latLong: { latitude: 47.6, longitude: -122.3 },
      ...info({ isUnmappable: true }),
    });
    expect(p.reason).toBe('unmappable');
  });

  test.each([
    ['latitude above 90', { latitude: 91, longitude: 0.5 }],
    ['longitude below -180', { latitude: 10, longitude: -181 }],
    ['only one of the two', { latitude: 10 }],
    ['(0, 0), the placeholder for "unknown"', { latitude: 0, longitude: 0 }],
  ])('calls %s invalid', (_name, latLong) => {
    expect(placeListing({ latLong }).reason).toBe('invalid');
  });

  test('calls non-finite numbers and non-numeric text invalid', () => {
    expect(placeListing({ latLong: { latitude: Infinity, longitude: NaN } }).reason).toBe(
      'invalid',
    );
    expect(placeListing({ latLong: { latitude: 'north', longitude: 'west' } }).reason).toBe(
      'invalid',
    );
  });

  test('calls a listing with no coordinates anywhere missing', () => {
    expect(placeListing({ address: '1 Main St' }).reason).toBe('missing');
  });

  test('never throws, and any position it gives is on the globe', () => {
    fc.assert(
      fc.property(fc.oneof(messyListing, fc.object()), (raw) => {
        const p = placeListing(raw);
        if (p.position) {
          expect(Math.abs(p.position.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(p.position.lng)).toBeLessThanOrEqual(180);
          expect(p.reason).toBeNull();
        } else {
          expect(p.reason).not.toBeNull();
        }
      }),
    );
  });
});
