/**
 * What the dev/preview server tells the browser about its upstream (GET /api/_dashboard/meta).
 * Types only: the browser (api/meta-queries.ts) and the server (server/config.ts) both import
 * them from here, so neither side imports the other.
 */
export interface ApiMeta {
  mode: 'sandbox' | 'live';
  /** Host of the upstream (no path, no credentials), for the header and for snippets. */
  upstreamHost: string | null;
  /** Base URL that code snippets should call. */
  snippetBase: string | null;
  pathMap: Readonly<Record<string, string>>;
  demoKey: string | null;
  /** Sandbox mode only: inputs that show off the sandbox data, one click away in the views. */
  examples: SandboxExamples | null;
  /**
   * Whether this server forwards /runner/ to a tracker runner (RUNNER_URL for dev/preview,
   * RUNNER_UPSTREAM for nginx): without one, the Trackers view says how to set one up instead
   * of asking for a token nothing could check.
   */
  runner: boolean;
}

export interface SandboxExamples {
  searchQueries: readonly string[];
  realtyUrls: readonly { label: string; url: string }[];
}
