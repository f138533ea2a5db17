/**
 * The cities the sandbox's fake `/realty` answers know about: real US cities
 * with their real centre coordinates, so generated listings land on the map
 * where a user expects them.
 */

export interface RealtyCity {
  /** Path form used by listing-search URLs, e.g. `seattle-wa` in `/homes/seattle-wa_rb/`. */
  slug: string;
  name: string;
  /** Two-letter state code. */
  state: string;
  /** Centre latitude, degrees. */
  lat: number;
  /** Centre longitude, degrees. */
  lng: number;
  /** First three digits of the city's ZIP codes. */
  zipPrefix: string;
  /** Home-price multiplier relative to a national median-ish home (1 ≈ $420k). */
  priceLevel: number;
  /**
   * Bearings (degrees clockwise from north) between which there is land near
   * the centre, walking clockwise from the first to the second; listings are
   * only placed in that arc, so coastal cities do not get homes in the water.
   * Absent: land all around.
   */
  landArc?: readonly [number, number];
  /** Scatter radius in km when the usual ~15 km would run into water or another city. */
  radiusKm?: number;
}

// prettier-ignore
export const REALTY_CITIES: readonly RealtyCity[] = [
  { slug: 'seattle-wa', name: 'Seattle', state: 'WA', lat: 47.6062, lng: -122.3321, zipPrefix: '981', priceLevel: 2.0, landArc: [300, 235] },
  { slug: 'portland-or', name: 'Portland', state: 'OR', lat: 45.5152, lng: -122.6784, zipPrefix: '972', priceLevel: 1.25 },
  { slug: 'san-francisco-ca', name: 'San Francisco', state: 'CA', lat: 37.7749, lng: -122.4194, zipPrefix: '941', priceLevel: 3.1, landArc: [130, 220], radiusKm: 10 },
  { slug: 'san-jose-ca', name: 'San Jose', state: 'CA', lat: 37.3382, lng: -121.8863, zipPrefix: '951', priceLevel: 3.0 },
  { slug: 'sacramento-ca', name: 'Sacramento', state: 'CA', lat: 38.5816, lng: -121.4944, zipPrefix: '958', priceLevel: 1.2 },
  { slug: 'los-angeles-ca', name: 'Los Angeles', state: 'CA', lat: 34.0522, lng: -118.2437, zipPrefix: '900', priceLevel: 2.3 },
  { slug: 'san-diego-ca', name: 'San Diego', state: 'CA', lat: 32.7157, lng: -117.1611, zipPrefix: '921', priceLevel: 2.2, landArc: [330, 170] },
  { slug: 'las-vegas-nv', name: 'Las Vegas', state: 'NV', lat: 36.1699, lng: -115.1398, zipPrefix: '891', priceLevel: 1.0 },
  { slug: 'phoenix-az', name: 'Phoenix', state: 'AZ', lat: 33.4484, lng: -112.074, zipPrefix: '850', priceLevel: 1.05 },
  { slug: 'tucson-az', name: 'Tucson', state: 'AZ', lat: 32.2226, lng: -110.9747, zipPrefix: '857', priceLevel: 0.8 },
  { slug: 'salt-lake-city-ut', name: 'Salt Lake City', state: 'UT', lat: 40.7608, lng: -111.891, zipPrefix: '841', priceLevel: 1.3 },
  { slug: 'denver-co', name: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903, zipPrefix: '802', priceLevel: 1.35 },
  { slug: 'albuquerque-nm', name: 'Albuquerque', state: 'NM', lat: 35.0844, lng: -106.6504, zipPrefix: '871', priceLevel: 0.75 },
  { slug: 'austin-tx', name: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431, zipPrefix: '787', priceLevel: 1.3 },
  { slug: 'dallas-tx', name: 'Dallas', state: 'TX', lat: 32.7767, lng: -96.797, zipPrefix: '752', priceLevel: 1.0 },
  { slug: 'houston-tx', name: 'Houston', state: 'TX', lat: 29.7604, lng: -95.3698, zipPrefix: '770', priceLevel: 0.8 },
  { slug: 'san-antonio-tx', name: 'San Antonio', state: 'TX', lat: 29.4241, lng: -98.4936, zipPrefix: '782', priceLevel: 0.7 },
  { slug: 'kansas-city-mo', name: 'Kansas City', state: 'MO', lat: 39.0997, lng: -94.5786, zipPrefix: '641', priceLevel: 0.6 },
  { slug: 'st-louis-mo', name: 'St. Louis', state: 'MO', lat: 38.627, lng: -90.1994, zipPrefix: '631', priceLevel: 0.45 },
  { slug: 'minneapolis-mn', name: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265, zipPrefix: '554', priceLevel: 0.8 },
  { slug: 'milwaukee-wi', name: 'Milwaukee', state: 'WI', lat: 43.0389, lng: -87.9065, zipPrefix: '532', priceLevel: 0.5, landArc: [170, 10] },
  { slug: 'chicago-il', name: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298, zipPrefix: '606', priceLevel: 0.85, landArc: [165, 345] },
  { slug: 'indianapolis-in', name: 'Indianapolis', state: 'IN', lat: 39.7684, lng: -86.1581, zipPrefix: '462', priceLevel: 0.6 },
  { slug: 'detroit-mi', name: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458, zipPrefix: '482', priceLevel: 0.2, landArc: [235, 80] },
  { slug: 'columbus-oh', name: 'Columbus', state: 'OH', lat: 39.9612, lng: -82.9988, zipPrefix: '432', priceLevel: 0.65 },
  { slug: 'cleveland-oh', name: 'Cleveland', state: 'OH', lat: 41.4993, lng: -81.6944, zipPrefix: '441', priceLevel: 0.3, landArc: [70, 250] },
  { slug: 'pittsburgh-pa', name: 'Pittsburgh', state: 'PA', lat: 40.4406, lng: -79.9959, zipPrefix: '152', priceLevel: 0.5 },
  { slug: 'nashville-tn', name: 'Nashville', state: 'TN', lat: 36.1627, lng: -86.7816, zipPrefix: '372', priceLevel: 1.05 },
  { slug: 'new-orleans-la', name: 'New Orleans', state: 'LA', lat: 29.9511, lng: -90.0715, zipPrefix: '701', priceLevel: 0.65, landArc: [35, 320], radiusKm: 10 },
  { slug: 'atlanta-ga', name: 'Atlanta', state: 'GA', lat: 33.749, lng: -84.388, zipPrefix: '303', priceLevel: 0.95 },
  { slug: 'charlotte-nc', name: 'Charlotte', state: 'NC', lat: 35.2271, lng: -80.8431, zipPrefix: '282', priceLevel: 0.95 },
  { slug: 'raleigh-nc', name: 'Raleigh', state: 'NC', lat: 35.7796, lng: -78.6382, zipPrefix: '276', priceLevel: 1.0 },
  { slug: 'orlando-fl', name: 'Orlando', state: 'FL', lat: 28.5383, lng: -81.3792, zipPrefix: '328', priceLevel: 0.95 },
  { slug: 'tampa-fl', name: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572, zipPrefix: '336', priceLevel: 1.0, landArc: [255, 150] },
  { slug: 'miami-fl', name: 'Miami', state: 'FL', lat: 25.7617, lng: -80.1918, zipPrefix: '331', priceLevel: 1.4, landArc: [185, 20] },
  { slug: 'washington-dc', name: 'Washington', state: 'DC', lat: 38.9072, lng: -77.0369, zipPrefix: '200', priceLevel: 1.6 },
  { slug: 'baltimore-md', name: 'Baltimore', state: 'MD', lat: 39.2904, lng: -76.6122, zipPrefix: '212', priceLevel: 0.55 },
  { slug: 'philadelphia-pa', name: 'Philadelphia', state: 'PA', lat: 39.9526, lng: -75.1652, zipPrefix: '191', priceLevel: 0.65 },
  { slug: 'new-york-ny', name: 'New York', state: 'NY', lat: 40.7128, lng: -74.006, zipPrefix: '100', priceLevel: 2.1, landArc: [240, 165] },
  { slug: 'boston-ma', name: 'Boston', state: 'MA', lat: 42.3601, lng: -71.0589, zipPrefix: '021', priceLevel: 2.0, landArc: [170, 45] },
];

/** The city used when a URL names no place the table knows. */
export const DEFAULT_REALTY_CITY_SLUG = 'seattle-wa';
