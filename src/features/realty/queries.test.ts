import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { setApiKey } from '../../session/key-store.ts';
import { homesOf } from './lib/home.ts';
import { realtyQueries } from './queries.ts';

test('a Run reads its listings into homes before the answer reaches the view', async () => {
  setApiKey('demo-key');
  const client = new QueryClient();
  const url = 'https://www.realty.example/homes/phoenix-az_rb/';
  const result = await client.fetchQuery(realtyQueries.results({ url }));
  const listings = result.data.realty_listings;
  expect(listings.length).toBeGreaterThan(0);
  // Read ahead (PIPELINE.md's read stage): the render finds the same homes, not a new reading.
  expect(homesOf(listings)).toBe(homesOf(listings));
  expect(homesOf(listings)[0]?.listing).toBe(listings[0]);
  client.clear();
});
