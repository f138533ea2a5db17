import { openKeyDialog } from '../../session/key-dialog-store.ts';

/**
 * A key found in pasted text, offered through the key dialog. It is held here only from the
 * paste until the dialog has read it (then in the dialog's field until Save or Close): never
 * in storage, the URL, a form or history. Saving it makes it this tab's key like any other.
 */
let offered: string | null = null;

export function offerKey(key: string): void {
  offered = key;
  openKeyDialog();
}

/** The offered key, if the dialog has not taken it yet. */
export const offeredKey = (): string | null => offered;

export function forgetOfferedKey(): void {
  offered = null;
}
