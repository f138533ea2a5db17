/**
 * The endpoint catalogue: the one description of the upstream API (interface.md)
 * and of the view that shows each endpoint. The client, the response parsing, the
 * query policy, the router and nav, the parameter forms, the snippets, the Run
 * button's cost and the sandbox's checks and metering all read this table, so adding
 * a parameter is one line and adding an endpoint is one entry (README, Architecture).
 */
import type * as z from 'zod/mini';
import type * as Schemas from './schemas.ts';
import { ENDPOINT_VIEWS, type EndpointId } from './endpoint-views.ts';

/**
 * The response schemas, and zod with them, load with the first request rather than with
 * the page: nothing on a first paint parses an answer, and zod is the largest part of the
 * app's own initial JavaScript (docs/benchmarks.md).
 */
const schemaOf =
  <Name extends keyof typeof Schemas>(name: Name) =>
  () =>
    import('./schemas.ts').then((schemas) => schemas[name]);

export type { EndpointId };

/** How a boolean travels on the wire: the interface writes `nfpr` as 1/0, the rest as true/false. */
export type BooleanWire = 'true-false' | 'one-zero';

interface ParamBase {
  name: string;
  label: string;
  help: string;
  required?: boolean;
  /** The upstream's default, as the interface writes it (shown as a hint, never sent). */
  default?: string;
  placeholder?: string;
  /** Shown in the "more options" part of a form rather than up front. */
  advanced?: boolean;
  /**
   * What the sandbox assumes when the value is empty and the interface names no default
   * (e.g. a screenshot's viewport). Never sent by the dashboard.
   */
  sandboxDefault?: string;
  /**
   * The parameter matters only while another one has one of these values (its default
   * counts when it is empty): otherwise the form disables it and says `note`, and it is
   * neither checked nor sent.
   */
  onlyWhen?: { param: string; values: readonly string[]; note: string };
}

export interface StringParam extends ParamBase {
  type: 'string';
  pattern?: { regex: RegExp; message: string };
  maxLength?: number;
}

export interface UrlParam extends ParamBase {
  type: 'url';
}

export interface IntegerParam extends ParamBase {
  type: 'integer';
  min?: number;
  max?: number;
}

export interface BooleanParam extends ParamBase {
  type: 'boolean';
  wire: BooleanWire;
  /** When on, the service may answer an HTML page instead of JSON (shorts' `html`). */
  answersHtml?: boolean;
}

export interface EnumOption {
  value: string;
  label: string;
  /** For an image format: the Content-Type of its bytes; the value doubles as the file extension. */
  mediaType?: string;
}

export interface EnumParam extends ParamBase {
  type: 'enum';
  options: readonly EnumOption[];
}

export type ParamSpec = StringParam | UrlParam | IntegerParam | BooleanParam | EnumParam;

/**
 * `read`: asking twice for the same thing gets the same answer, so identical requests are
 * answered from the session cache. `action`: each call creates something (a webhook job),
 * so it is never cached and every submission is its own (decision 011).
 */
export type EndpointKind = 'read' | 'action';

export interface EndpointSpec {
  id: EndpointId;
  /** Neutral path from interface.md; the proxy may rename it for the live service. */
  path: string;
  /** The dashboard's view for this endpoint, and its name in the nav. */
  route: `/${string}`;
  nav: string;
  kind: EndpointKind;
  /**
   * Counts against the plan: may spend credits and takes a concurrency slot. Metered reads
   * run only on an explicit Run and never retry; unmetered ones (the account) refresh freely.
   */
  metered: boolean;
  title: string;
  /** Verb on the Run button ("Search · 20 credits"). */
  action: string;
  summary: string;
  /** Credits per successful request; `null` means the service does not publish it (never "free"). */
  cost: number | null;
  /** `image`: bytes, or (some deployments) a JSON body that `schema` reads leniently. */
  response: 'json' | 'image';
  /** Loads the lenient zod/mini schema of the JSON answer: unknown fields pass, odd values degrade. */
  schema: () => Promise<z.ZodMiniType>;
  params: readonly ParamSpec[];
}

const COUNTRY: StringParam = {
  name: 'country',
  label: 'Country',
  type: 'string',
  default: 'us',
  help: 'Two-letter country code, e.g. us, gb, de.',
  placeholder: 'us',
  pattern: { regex: /^[a-z]{2}$/i, message: 'Use a two-letter country code such as us or gb.' },
};

const LANGUAGE: StringParam = {
  name: 'language',
  label: 'Language',
  type: 'string',
  default: 'en',
  help: 'Short language code of the results, e.g. en, fr, pt-BR.',
  placeholder: 'en',
  pattern: {
    regex: /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/i,
    message: 'Use a short language code such as en, fr or pt-BR.',
  },
};

const QUERY_REQUIRED: StringParam = {
  name: 'query',
  label: 'Query',
  type: 'string',
  required: true,
  help: 'What to search for.',
  placeholder: 'coffee near me',
  maxLength: 2048,
};

export const ENDPOINTS = {
  shorts: {
    ...ENDPOINT_VIEWS.shorts,
    path: '/engine_shorts',
    kind: 'read',
    metered: true,
    title: 'Short videos',
    action: 'Search shorts',
    summary: 'Short-video results of the search engine for a query.',
    cost: null,
    response: 'json',
    schema: schemaOf('shortsResponseSchema'),
    // Only the query up front (issue #8): every other parameter refines it.
    params: [
      QUERY_REQUIRED,
      { ...COUNTRY, advanced: true },
      { ...LANGUAGE, advanced: true },
      {
        name: 'domain',
        label: 'Engine domain',
        type: 'string',
        help: "Country-specific variant of the engine's main domain. Default: the main global domain.",
        placeholder: 'engine.co.uk',
        pattern: {
          regex: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
          message: 'Use a bare domain name such as engine.co.uk (no scheme, no path).',
        },
        advanced: true,
      },
      {
        name: 'uule',
        label: 'Encoded location (uule)',
        type: 'string',
        help: 'Encoded geographic location that tailors the results.',
        advanced: true,
        maxLength: 512,
      },
      {
        name: 'lr',
        label: 'Restrict languages (lr)',
        type: 'string',
        help: 'Only results in these languages, written lang_<code>; join several with |.',
        placeholder: 'lang_en|lang_fr',
        pattern: {
          regex: /^lang_[a-z]{2,3}(-[a-z0-9]{2,4})?(\|lang_[a-z]{2,3}(-[a-z0-9]{2,4})?)*$/i,
          message: 'Write languages as lang_<code>, e.g. lang_en or lang_en|lang_fr.',
        },
        advanced: true,
      },
      {
        name: 'tbs',
        label: 'Advanced filter (tbs)',
        type: 'string',
        help: 'Advanced filter string, passed through as written.',
        advanced: true,
        maxLength: 512,
      },
      {
        name: 'safe',
        label: 'SafeSearch',
        type: 'enum',
        default: 'off',
        help: '"active" filters adult content; "off" disables filtering.',
        options: [
          { value: 'active', label: 'active (filter adult content)' },
          { value: 'off', label: 'off' },
        ],
        advanced: true,
      },
      {
        name: 'nfpr',
        label: 'Exclude auto-corrected results (nfpr)',
        type: 'boolean',
        wire: 'one-zero',
        default: '0',
        help: 'On (1) excludes results of an auto-corrected query; off (0) includes them.',
        advanced: true,
      },
      {
        name: 'start',
        label: 'Skip results (start)',
        type: 'integer',
        min: 0,
        max: 1000,
        help: 'Number of results to skip: 12 skips the first 12.',
        placeholder: '0',
        advanced: true,
      },
      {
        name: 'html',
        label: 'Return full HTML',
        type: 'boolean',
        wire: 'true-false',
        default: 'false',
        answersHtml: true,
        help: 'When on, the service returns the full HTML of the search page (its shape is not documented).',
        advanced: true,
      },
    ],
  },
  search: {
    ...ENDPOINT_VIEWS.search,
    path: '/search',
    kind: 'read',
    metered: true,
    title: 'Search',
    action: 'Search',
    summary: 'General (universal) search results: organic results in rank order.',
    cost: 20,
    response: 'json',
    schema: schemaOf('searchResponseSchema'),
    // The interface leaves `query` unmarked; a search without one is useless and would cost 20 credits.
    params: [QUERY_REQUIRED, COUNTRY, LANGUAGE],
  },
  autocomplete: {
    ...ENDPOINT_VIEWS.autocomplete,
    path: '/engine_autocomplete',
    kind: 'read',
    metered: true,
    title: 'Autocomplete',
    action: 'Suggest',
    summary: 'Autocomplete suggestions for a partial query, by relevance.',
    cost: null,
    response: 'json',
    schema: schemaOf('autocompleteResponseSchema'),
    params: [
      { ...QUERY_REQUIRED, help: 'The partial query to complete.', placeholder: 'how to ma' },
      COUNTRY,
      LANGUAGE,
    ],
  },
  realty: {
    ...ENDPOINT_VIEWS.realty,
    path: '/realty',
    kind: 'read',
    metered: true,
    title: 'Realty listings',
    action: 'Fetch listings',
    summary: 'Real-estate listings of a listing-search page, ready for the map.',
    cost: null,
    response: 'json',
    schema: schemaOf('realtyResponseSchema'),
    params: [
      {
        name: 'url',
        label: 'Listing page URL',
        type: 'url',
        required: true,
        help: 'The URL of the real-estate listing-search page to read.',
        placeholder: 'https://www.realty.example/homes/seattle-wa_rb/',
      },
    ],
  },
  screenshot: {
    ...ENDPOINT_VIEWS.screenshot,
    path: '/screenshot',
    kind: 'read',
    metered: true,
    title: 'Screenshot',
    action: 'Capture',
    summary: 'A screenshot of any page, as an image.',
    cost: 5,
    response: 'image',
    schema: schemaOf('screenshotJsonSchema'),
    params: [
      {
        name: 'url',
        label: 'Page URL',
        type: 'url',
        required: true,
        help: 'The page to capture.',
        placeholder: 'https://example.com/',
      },
      {
        name: 'fullPage',
        label: 'Full page',
        type: 'boolean',
        wire: 'true-false',
        help: 'On captures the whole page; off only the part visible without scrolling.',
      },
      {
        name: 'width',
        label: 'Viewport width (px)',
        type: 'integer',
        min: 1,
        max: 10000,
        help: 'Viewport width in pixels.',
        placeholder: '1280',
        sandboxDefault: '1280',
      },
      {
        name: 'height',
        label: 'Viewport height (px)',
        type: 'integer',
        min: 1,
        max: 10000,
        help: 'Viewport height in pixels.',
        placeholder: '800',
        sandboxDefault: '800',
      },
      {
        name: 'wait_until',
        label: 'Wait until',
        type: 'enum',
        default: 'domcontentloaded',
        help: 'How long to wait before the capture: domcontentloaded is fastest but may miss late images; load waits for images and scripts; networkidle waits until the page is quiet, slowest and most complete.',
        options: [
          { value: 'load', label: 'load (load event fires)' },
          { value: 'domcontentloaded', label: 'domcontentloaded (DOM parsed)' },
          { value: 'networkidle', label: 'networkidle (no requests for 500 ms)' },
        ],
      },
      {
        name: 'format',
        label: 'Format',
        type: 'enum',
        default: 'png',
        help: 'Image format of the capture.',
        options: [
          { value: 'png', label: 'PNG', mediaType: 'image/png' },
          { value: 'jpg', label: 'JPEG', mediaType: 'image/jpeg' },
          { value: 'webp', label: 'WebP', mediaType: 'image/webp' },
        ],
      },
      {
        name: 'quality',
        label: 'Quality',
        type: 'integer',
        min: 0,
        max: 100,
        default: '80',
        help: 'Lossy compression from 0 to 100: lower makes a smaller file with visible artefacts.',
        placeholder: '80',
        onlyWhen: {
          param: 'format',
          values: ['jpg', 'webp'],
          note: 'Only JPEG and WebP use it: PNG is lossless.',
        },
      },
    ],
  },
  account: {
    ...ENDPOINT_VIEWS.account,
    path: '/account',
    kind: 'read',
    metered: false,
    title: 'Account',
    action: 'Refresh',
    summary: 'Credits left, plan and concurrent connections.',
    // Most likely free (upstream-notes.md, unconfirmed), so still shown as unknown.
    cost: null,
    response: 'json',
    schema: schemaOf('accountResponseSchema'),
    params: [],
  },
  webhook: {
    ...ENDPOINT_VIEWS.webhook,
    path: '/webhook',
    kind: 'action',
    metered: true,
    title: 'Webhook jobs',
    action: 'Submit job',
    summary: 'Submit a scrape job whose result the service POSTs to your webhook.',
    cost: null,
    response: 'json',
    schema: schemaOf('webhookResponseSchema'),
    params: [
      {
        name: 'url',
        label: 'Page to scrape',
        type: 'url',
        required: true,
        help: 'The page the job scrapes (not the delivery address).',
        placeholder: 'https://example.com/',
      },
      {
        name: 'webhook_id',
        label: 'Webhook name',
        type: 'string',
        help: 'Name of a webhook configured on the service dashboard; empty uses the default one.',
        placeholder: 'default',
        maxLength: 128,
        pattern: {
          regex: /^[\w.-]+$/,
          message: 'Use letters, digits, dots, dashes or underscores.',
        },
      },
      {
        name: 'dynamic',
        label: 'Dynamic',
        type: 'boolean',
        wire: 'true-false',
        help: 'Sent as the text true or false (its meaning is not documented).',
      },
    ],
  },
} satisfies Record<EndpointId, EndpointSpec>;

/** Every endpoint, in the order of the nav. */
export const ENDPOINT_LIST: readonly EndpointSpec[] = Object.values(ENDPOINTS);

/** The endpoints that are cached reads (`action` ones are submitted, never cached). */
export type ReadEndpointId = {
  [K in EndpointId]: (typeof ENDPOINTS)[K]['kind'] extends 'read' ? K : never;
}[EndpointId];
export type ActionEndpointId = Exclude<EndpointId, ReadEndpointId>;

/** The image formats the catalogue knows (screenshot `format`), with their Content-Types. */
export const IMAGE_FORMATS: readonly EnumOption[] = (
  ENDPOINTS.screenshot.params as readonly ParamSpec[]
)
  .filter((p): p is EnumParam => p.name === 'format' && p.type === 'enum')
  .flatMap((p) => p.options);

/**
 * The raster types shown as images, with their file extensions: the formats the catalogue
 * asks for, and GIF. Anything else, SVG above all (it can carry script), is not a screenshot.
 */
export const RASTER_IMAGE_TYPES: readonly { mediaType: string; extension: string }[] = [
  ...IMAGE_FORMATS.flatMap((f) =>
    f.mediaType ? [{ mediaType: f.mediaType, extension: f.value }] : [],
  ),
  { mediaType: 'image/gif', extension: 'gif' },
];

const bareType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/** True for a Content-Type that may be displayed as an image (`image/png; …`, not `image/svg+xml`). */
export function isRasterImageType(contentType: string): boolean {
  return RASTER_IMAGE_TYPES.some((t) => t.mediaType === bareType(contentType));
}

/** The file extension for a raster Content-Type (`image/jpeg` → `jpg`). */
export function extensionForMediaType(contentType: string): string | undefined {
  return RASTER_IMAGE_TYPES.find((t) => t.mediaType === bareType(contentType))?.extension;
}

/** The Content-Type of a catalogue format (`jpg` → `image/jpeg`). */
export function mediaTypeForFormat(format: string): string | undefined {
  return IMAGE_FORMATS.find((f) => f.value === format)?.mediaType;
}

/** A parameter's declared default, or what the sandbox assumes when the interface names none. */
export function assumedDefault(spec: EndpointSpec, name: string): string | undefined {
  const param = spec.params.find((p) => p.name === name);
  return param?.default ?? param?.sandboxDefault;
}

/** Finds the catalogue entry for a request path, accepting both `/search` and `/search/`. */
export function endpointForPath(path: string): EndpointSpec | undefined {
  // Compared as written: one optional trailing slash, nothing encoded, no dot segments.
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return ENDPOINT_LIST.find((e) => e.path === trimmed);
}
