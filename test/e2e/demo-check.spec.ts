import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { appLive, resetSandbox } from './helpers.ts';

/*
 * "Check this script" (issue #36, point 5) in a browser: a script opened from a file (the
 * sandbox's tour, a step for every view and a batch) is offered its check, which plays every
 * step in the page and reports each one; the sandbox's ledger sees no request.
 */
test('a script opened from a file is checked step by step, every view rendering, nothing sent', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const path = info.outputPath('tour.demo.json');
  await writeFile(path, await (await request.get('/api/_sandbox/tour')).text());
  await resetSandbox(request);
  await page.route('**/*.tile.openstreetmap.org/**', (route) =>
    route.abort('internetdisconnected'),
  );
  // Uncaught errors only: media an answer links to (photos, thumbnails) are offline here.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/demos');
  await appLive(page);
  await page.getByLabel('Open script').setInputFiles(path);
  await expect(page.getByText('Opened from a file: check that every step renders')).toBeVisible();
  const steps = await page.getByRole('list', { name: 'Steps' }).getByRole('listitem').count();

  await page.getByRole('button', { name: 'Check this script' }).click();
  const report = page.getByRole('region', { name: 'Check of the script' });
  await expect(report.getByRole('status')).toHaveText(
    `Every step renders (${steps} of ${steps}).`,
    { timeout: 100_000 },
  );
  await expect(report.getByRole('listitem')).toHaveCount(steps);
  await expect(report.getByRole('listitem').first()).toHaveText(/^Search · “.+”: renders$/);
  const ledger = (await (await request.get('/api/_sandbox')).json()) as { calls: unknown[] };
  expect(ledger.calls).toEqual([]);
  expect(errors).toEqual([]);
});
