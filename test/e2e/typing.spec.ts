import { expect, test } from '@playwright/test';
import { appLive } from './helpers.ts';

// The request forms live in the page URL (a link reproduces them). Their fields must still
// behave like plain text fields: every key typed stays, in the place it was typed, also when
// rendering is slower than typing (decision 039).

test('a form field keeps every key typed quickly on a slow phone, and the caret where it was', async ({
  page,
}) => {
  await page.goto('/search');
  await appLive(page);
  const query = page.getByLabel(/^Query/);
  const cdp = await page.context().newCDPSession(page);
  // A phone's CPU (Lighthouse's mobile figure is 4×), and keys faster than the view renders.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await query.pressSequentially('coffee grinder burr', { delay: 30 });
  await expect(query).toHaveValue('coffee grinder burr');
  await expect(page).toHaveURL(/[?&]query=coffee\+grinder\+burr(&|$)/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // An edit inside the text goes where the caret is, key after key.
  await query.press('Home');
  for (let i = 0; i < 6; i++) await query.press('ArrowRight');
  await query.pressSequentially(' bean', { delay: 50 });
  await expect(query).toHaveValue('coffee bean grinder burr');
});
