import { openKeyDialog } from '../../session/key-dialog-store.ts';

/** Where an offered key was found: a pasted request, or the URL the page was opened with. */
export type KeyOfferSource = 'paste' | 'link';

export interface KeyOffer {
  key: string;
  from: KeyOfferSource;
}

/**
 * A key found in pasted text or in the page's own URL, offered through the key dialog. It is
 * held here only until the dialog has read it (then in the dialog's field until Save or
 * Close): never in storage, the URL, a form or history. Saving it makes it this tab's key like
 * any other.
 */
let offered: KeyOffer | null = null;

export function offerKey(key: string, from: KeyOfferSource = 'paste'): void {
  offered = { key, from };
  openKeyDialog();
}

/** The offered key, if the dialog has not taken it yet. */
export const offeredKey = (): KeyOffer | null => offered;

export function forgetOfferedKey(): void {
  offered = null;
}
