import { describe, expect, it } from 'vitest';
import { mapViewParam, parseMapView } from './map-view.ts';

describe('the map viewport in the page URL', () => {
  it('round-trips a view, rounded to about a metre', () => {
    const raw = mapViewParam({ lat: 30.2671534, lng: -97.7430608, zoom: 13 });
    expect(raw).toBe('30.26715,-97.74306,13');
    expect(parseMapView(raw)).toEqual({ lat: 30.26715, lng: -97.74306, zoom: 13 });
  });

  it('keeps the zoom within what the map allows', () => {
    expect(parseMapView('1,2,40')?.zoom).toBe(18);
    expect(parseMapView('1,2,0')?.zoom).toBe(2);
  });

  it('ignores what is not a view (the map then fits the listings)', () => {
    for (const raw of [null, '', '1,2', '1,2,3,4', 'a,b,c', '91,0,5', '0,181,5', '1,,5'])
      expect(parseMapView(raw)).toBeNull();
  });
});
