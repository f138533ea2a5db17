import '../../../src/index.css';
import { createRoot } from 'react-dom/client';
import { realtyResponseSchema } from '../../../src/api/schemas.ts';
import { prepareListingMap } from '../../../src/features/realty/components/listing-map.tsx';
import { toHomes } from '../../../src/features/realty/lib/home.ts';
import { MapBenchPage, type BenchMode } from './map-bench-page.tsx';

/** Entry of test/bench/map/index.html (driven by test/bench/map-bench.mjs): `?mode=view|dom&url=<listing page>`. */
async function main() {
  const params = new URLSearchParams(location.search);
  const mode: BenchMode = params.get('mode') === 'dom' ? 'dom' : 'view';
  // What the realty view does while the reader fills in the form (its "ahead" stage): the
  // spare map, the outlines and the worker that builds a big cluster index are ready before
  // the listings arrive, so the clock below holds only what follows their arrival.
  if (mode === 'view') prepareListingMap();
  const pageUrl =
    params.get('url') ?? 'https://www.realty.example/homes/los-angeles-ca_rb/?demo=10000';
  const res = await fetch(`/api/realty?url=${encodeURIComponent(pageUrl)}&api_key=demo-key`);
  if (!res.ok) throw new Error(`The sandbox answered ${res.status}`);
  const listings = realtyResponseSchema.parse(await res.json()).realty_listings;
  const started = performance.now();
  const homes = toHomes(listings);
  const normalizeMs = performance.now() - started;
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(<MapBenchPage mode={mode} homes={homes} normalizeMs={normalizeMs} />);
}

void main();
