import type { AccountResponse } from './schemas.ts';

/** The account fields the dashboard shows by name; the rest are listed generically. */
const NAMED_FIELDS = new Set([
  'requestLimit',
  'requestUsed',
  'validity',
  'concurrencyLimit',
  'threadCount',
  'activeThread',
  'pack',
  'packType',
  'email',
  'username',
]);

export interface AccountSummary {
  /** requestLimit − requestUsed: the service has no "credits left" field (upstream-notes.md). */
  creditsLeft: number | undefined;
  requestLimit: number | undefined;
  requestUsed: number | undefined;
  validityDays: number | undefined;
  concurrencyLimit: number | undefined;
  /** Requests in flight now; older deployments call it `activeThread`. */
  threadCount: number | undefined;
  plan: string | undefined;
  email: string | undefined;
  username: string | undefined;
  /** Other numeric fields (product-specific limits and counters), shown as they come. */
  otherNumbers: [string, number][];
  /** Every field not named above, whatever its type, so an unexpected field is never hidden. */
  otherFields: [string, unknown][];
}

export function toAccountSummary(account: AccountResponse): AccountSummary {
  const { requestLimit, requestUsed } = account;
  const creditsLeft =
    requestLimit !== undefined && requestUsed !== undefined
      ? Math.max(0, requestLimit - requestUsed)
      : undefined;
  const plan = [account.pack, account.packType].filter(Boolean).join(' · ') || undefined;
  const otherFields = Object.entries(account)
    .filter(([name]) => !NAMED_FIELDS.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const otherNumbers = otherFields.filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return {
    creditsLeft,
    requestLimit,
    requestUsed,
    validityDays: account.validity,
    concurrencyLimit: account.concurrencyLimit,
    threadCount: account.threadCount ?? account.activeThread,
    plan,
    email: account.email,
    username: account.username,
    otherNumbers,
    otherFields,
  };
}
