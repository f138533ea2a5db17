import { defineConfig } from '@playwright/test';

// Debian's Chromium; Playwright's own browser download does not work here (docs/decisions/006-browser-tests.md).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Overridable so several checkouts or agents can run the browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4174);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production build, served by `vite preview` with the embedded sandbox, as a user would run it.
    command: `node_modules/.bin/vite build --logLevel warn --outDir ${OUT_DIR} && node_modules/.bin/vite preview --outDir ${OUT_DIR} --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { API_TARGET: '', SANDBOX_LATENCY_MS: '30' },
  },
});
