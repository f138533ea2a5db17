import type { KeyAccount } from './state.ts';

/**
 * The shapes `/account` takes in the wild (upstream-notes.md: every field may be missing,
 * older deployments say `activeThread`, numbers sometimes arrive as strings). `full` is the
 * default; the control endpoint (`POST /_sandbox/account {"shape": …}`) picks another.
 */
export const ACCOUNT_SHAPES = ['full', 'minimal', 'activeThread', 'strings', 'empty'] as const;
export type AccountShape = (typeof ACCOUNT_SHAPES)[number];

export const isAccountShape = (value: unknown): value is AccountShape =>
  ACCOUNT_SHAPES.includes(value as AccountShape);

/** The live service's own field names, reflecting the key's real metering. */
export function accountBody(account: KeyAccount, shape: AccountShape = 'full') {
  // Only the metered requests in flight (an /account call takes no slot).
  const running = account.inFlight;
  const full = {
    account_id: 'sandbox-0001',
    email: 'demo@sandbox.example',
    username: 'demo',
    pack: 'Sandbox',
    packType: 'monthly',
    validity: 30,
    requestLimit: account.requestLimit,
    requestUsed: account.requestUsed,
    concurrencyLimit: account.concurrencyLimit,
    threadCount: running,
    screenshotConcurrencyLimit: account.concurrencyLimit,
    screenshotThreadCount: 0,
  };
  switch (shape) {
    case 'full':
      return full;
    case 'minimal':
      return { requestLimit: account.requestLimit, requestUsed: account.requestUsed };
    case 'activeThread': {
      const { threadCount: _older, ...rest } = full;
      return { ...rest, activeThread: running };
    }
    case 'strings':
      return {
        ...full,
        requestLimit: String(account.requestLimit),
        requestUsed: String(account.requestUsed),
        validity: String(full.validity),
        concurrencyLimit: String(account.concurrencyLimit),
        threadCount: String(running),
      };
    case 'empty':
      return {};
  }
}
