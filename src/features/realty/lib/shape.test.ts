import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toHomes } from './home.ts';
import {
  homesInShape,
  parseShape,
  pointInPolygon,
  polygonFrom,
  rectFrom,
  shapeParam,
  type Shape,
} from './shape.ts';

const p = (lat: number, lng: number) => ({ lat, lng });
// An L: the notch at the top right is outside.
const L_SHAPE = [p(0, 0), p(0, 4), p(2, 4), p(2, 2), p(4, 2), p(4, 0)];

describe('pointInPolygon', () => {
  test('tells inside from outside, a concave notch included', () => {
    expect(pointInPolygon(p(1, 1), L_SHAPE)).toBe(true);
    expect(pointInPolygon(p(1, 3), L_SHAPE)).toBe(true);
    expect(pointInPolygon(p(3, 1), L_SHAPE)).toBe(true);
    expect(pointInPolygon(p(3, 3), L_SHAPE)).toBe(false);
    expect(pointInPolygon(p(-1, 1), L_SHAPE)).toBe(false);
    expect(pointInPolygon(p(1, 5), L_SHAPE)).toBe(false);
  });

  test('counts a point on an edge or a corner as inside', () => {
    for (const q of [p(0, 2), p(2, 3), p(3, 2), p(4, 1), p(0, 0), p(2, 2), p(4, 2)])
      expect(pointInPolygon(q, L_SHAPE), JSON.stringify(q)).toBe(true);
  });

  test('a ray through a corner is crossed once (a point level with a vertex)', () => {
    const diamond = [p(0, 2), p(2, 4), p(4, 2), p(2, 0)];
    expect(pointInPolygon(p(2, 1), diamond)).toBe(true);
    expect(pointInPolygon(p(2, -1), diamond)).toBe(false);
    expect(pointInPolygon(p(2, 5), diamond)).toBe(false);
  });

  test('takes longitudes as plain numbers: a shape west of the antimeridian works as drawn', () => {
    const pacific = [p(10, 170), p(10, 179.9), p(20, 179.9), p(20, 170)];
    expect(pointInPolygon(p(15, 175), pacific)).toBe(true);
    expect(pointInPolygon(p(15, -179), pacific)).toBe(false);
  });

  test('agrees with the box test for any rectangle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 0.001, max: 5, noNaN: true }),
        fc.double({ min: 0.001, max: 5, noNaN: true }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -175, max: 175, noNaN: true }),
        (s, w, h, wd, lat, lng) => {
          const corners = [p(s, w), p(s, w + wd), p(s + h, w + wd), p(s + h, w)];
          const inBox = lat >= s && lat <= s + h && lng >= w && lng <= w + wd;
          expect(pointInPolygon(p(lat, lng), corners)).toBe(inBox);
        },
      ),
    );
  });
});

describe('shapes in the page URL', () => {
  test('a rectangle and a polygon round-trip, with no character a URL escapes', () => {
    const rect = rectFrom(p(47.7, -122.2), p(47.5, -122.4));
    expect(rect).toEqual({ kind: 'rect', south: 47.5, west: -122.4, north: 47.7, east: -122.2 });
    expect(shapeParam(rect)).toBe('rect_47.5_-122.4_47.7_-122.2');
    const poly = polygonFrom([p(47.6, -122.3), p(47.61234567, -122.31), p(47.62, -122.29)])!;
    expect(shapeParam(poly)).toBe('poly_47.6_-122.3_47.61235_-122.31_47.62_-122.29');
    for (const shape of [rect, poly]) {
      const param = shapeParam(shape);
      expect(new URLSearchParams({ shape: param }).toString()).toBe(`shape=${param}`);
      expect(parseShape(param)).toEqual(shape);
    }
  });

  test('anything but a whole, valid shape is none', () => {
    for (const raw of [
      null,
      '',
      'rect_1_2_3',
      'rect_3_2_1_4',
      'rect_1_2_1_4',
      'rect_1_a_3_4',
      'rect_91_0_92_1',
      'poly_1_2_3_4',
      'poly_1_2_3_4_5',
      'poly_1_2_1_2_1_2',
      'circle_1_2_3',
      'poly_1_2_3_4_5_181',
    ])
      expect(parseShape(raw), String(raw)).toBeNull();
  });

  test('any shape read from a URL writes back the same text', () => {
    const coord = fc.tuple(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(coord, { minLength: 3, maxLength: 12 }), (corners) => {
        const shape = polygonFrom(corners.map(([lat, lng]) => p(lat, lng)));
        if (!shape) return;
        const param = shapeParam(shape);
        expect(shapeParam(parseShape(param)!)).toBe(param);
      }),
    );
  });
});

describe('homesInShape', () => {
  const homes = toHomes([
    { rpid: 'in', latLong: { latitude: 1, longitude: 1 } },
    { rpid: 'notch', latLong: { latitude: 3, longitude: 3 } },
    { rpid: 'edge', latLong: { latitude: 0, longitude: 2 } },
    { rpid: 'far', latLong: { latitude: 40, longitude: 1 } },
    { rpid: 'nowhere', latLong: {} },
  ]);
  const keys = (shape: Shape) => homesInShape(homes, shape).map((h) => h.key);

  test('keeps the listings inside a polygon or on its edge, never one without a position', () => {
    expect(keys(polygonFrom(L_SHAPE)!)).toEqual(['in', 'edge']);
    expect(keys(rectFrom(p(0, 0), p(4, 4)))).toEqual(['in', 'notch', 'edge']);
  });
});
