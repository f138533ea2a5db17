import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { boundsMeet, featureBounds } from './outline-bounds.ts';

const polygon = (coordinates: number[][][]): Feature => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'Polygon', coordinates },
});

describe('an outline’s box', () => {
  it('spans every ring of a polygon and every part of a multipolygon', () => {
    expect(
      featureBounds(
        polygon([
          [
            [-109, 37],
            [-102, 37],
            [-102, 41],
            [-109, 41],
            [-109, 37],
          ],
        ]),
      ),
    ).toEqual([-109, 37, -102, 41]);
    expect(
      featureBounds({
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [1, 1],
                [2, 2],
                [1, 2],
              ],
            ],
            [
              [
                [-5, -3],
                [-4, -2],
                [-5, -2],
              ],
            ],
          ],
        },
      }),
    ).toEqual([-5, -3, 2, 2]);
  });

  it('is null for a feature without coordinates', () => {
    expect(featureBounds({ type: 'Feature', properties: {}, geometry: null as never })).toBeNull();
    expect(featureBounds(polygon([]))).toBeNull();
  });

  it('meets another box when they overlap or touch, not when they are apart', () => {
    const colorado = [-109, 37, -102, 41] as const;
    expect(boundsMeet(colorado, [-105.1, 39.6, -104.8, 39.9])).toBe(true); // Denver, inside
    expect(boundsMeet(colorado, [-102, 41, -100, 43])).toBe(true); // a corner
    expect(boundsMeet(colorado, [-123, 33, -117, 35])).toBe(false); // Los Angeles
  });
});
