import { remembered } from './key-remembered.ts';

/**
 * The key remembered by the browser, never by the app (decision 069). With "Remember on this
 * device" the dashboard hands the key to the browser's own password manager through the
 * Credential Management API (`PasswordCredential`, Chromium's browsers), and asks it back on
 * open. All the app keeps is that it asked the browser to remember one (`localStorage`, "1"):
 * never the key, which stays in the tab's sessionStorage as every key does (decision 004).
 * Elsewhere the key dialog is a login form that password managers recognise and fill.
 */

/** The credential's id: the "username" a password manager shows beside the key. */
export const CREDENTIAL_ID = 'Web Data API key';

export { isKeyRemembered, useKeyRemembered } from './key-remembered.ts';

interface PasswordCredentialLike extends Credential {
  readonly password?: string;
}
type PasswordCredentialConstructor = new (init: {
  id: string;
  password: string;
  name?: string;
}) => Credential;

const passwordCredential = (): PasswordCredentialConstructor | null => {
  if (typeof window === 'undefined' || !window.isSecureContext) return null;
  const ctor = (window as unknown as { PasswordCredential?: PasswordCredentialConstructor })
    .PasswordCredential;
  return typeof ctor === 'function' && typeof navigator.credentials?.store === 'function'
    ? ctor
    : null;
};

/** The browser can be handed the key (the Credential Management API's password credentials). */
export const canRememberKey = (): boolean => passwordCredential() !== null;

/** Hands the key to the browser's password manager; false where it cannot be. */
export async function rememberKey(key: string): Promise<boolean> {
  const Ctor = passwordCredential();
  if (!Ctor) return false;
  try {
    await navigator.credentials.store(
      new Ctor({ id: CREDENTIAL_ID, password: key, name: CREDENTIAL_ID }),
    );
    remembered.set(true);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key the browser remembers, or null (none, the person declined, or no API). `optional`
 * lets the browser sign in at once where it may, and otherwise show its account chooser (one
 * click); `silent` never shows anything.
 */
export async function recallKey(mediation: 'silent' | 'optional'): Promise<string | null> {
  if (!passwordCredential()) return null;
  try {
    const options = { password: true, mediation } as CredentialRequestOptions;
    const credential: PasswordCredentialLike | null = await navigator.credentials.get(options);
    return credential?.password?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Forget on this device: the dashboard stops asking, and the browser may no longer hand the key
 * over without asking. The password manager's entry itself is the browser's: removed in its
 * settings (no API deletes it), as the dialog says.
 */
export async function forgetRememberedKey(): Promise<void> {
  remembered.set(false);
  try {
    await navigator.credentials?.preventSilentAccess?.();
  } catch {
    // Nothing to prevent.
  }
}
