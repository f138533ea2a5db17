import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { metaQueries } from '../api/meta-queries.ts';
import { ModalDialog } from '../components/modal-dialog.tsx';
import {
  forgetOfferedKey,
  offeredKey,
  type KeyOffer,
  type KeyOfferSource,
} from '../workspace/interop/key-offer.ts';
import { getApiKey, maskedKey, setApiKey } from '../session/key-store.ts';
import { closeKeyDialog, useKeyDialogOpen } from '../session/key-dialog-store.ts';
import { usePresenterMode } from '../session/presenter-mode.ts';
import { isApiError } from '../api/errors.ts';
import { requestEndpoint } from '../api/requests.ts';
import {
  canRememberKey,
  CREDENTIAL_ID,
  forgetRememberedKey,
  isKeyRemembered,
  rememberKey,
  useKeyRemembered,
} from '../session/remembered-key.ts';

/**
 * A key is checked before it is kept (issue #35, point 1): the account request, which costs
 * nothing. A key the service refuses (401) is not kept; any other answer (a 403 for a plan
 * without credits, a network failure) says nothing against the key, which is kept.
 */
async function keyRefused(key: string): Promise<boolean> {
  try {
    await requestEndpoint('account', {}, { apiKey: key, timeoutMs: 15_000 });
    return false;
  } catch (error) {
    return isApiError(error) && error.status === 401;
  }
}

const OFFER_SOURCES: Record<KeyOfferSource, string> = {
  paste: 'The pasted request holds an API key',
  link: 'The link this page was opened with held an API key, now taken out of the address bar',
};

function offerNote({ key, from }: KeyOffer, tabKey: string | null, presenter: boolean): string {
  const found = `${OFFER_SOURCES[from]} (${maskedKey(key)}).`;
  if (!replaces({ key, from }, tabKey))
    return `${found} Save key to use it in this tab; Close keeps your key as it is.`;
  const yours = presenter ? 'its own key' : `its own key (${maskedKey(tabKey ?? '')})`;
  return `${found} This tab has ${yours}: Replace my key uses the new one (this tab's stored answers are deleted); Keep my key changes nothing.`;
}

/**
 * An offered key would replace another key this tab already has. Then only a button says so:
 * Enter, which a paste's pre-filled field invites, must not swap a key (and delete the tab's
 * stored answers) unasked (issue 37).
 */
function replaces(offer: KeyOffer | null, tabKey: string | null): boolean {
  return offer !== null && tabKey !== null && tabKey !== offer.key;
}

/**
 * "Remember on this device" where the browser has the Credential Management API, else a word
 * that a password manager can keep the key; "Forget on this device" once one is remembered.
 */
function RememberChoice({
  remember,
  onChange,
  onForgotten,
}: {
  remember: boolean;
  onChange: (remember: boolean) => void;
  onForgotten: () => void;
}) {
  const remembered = useKeyRemembered();
  return (
    <>
      {canRememberKey() ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => onChange(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-teal-700"
          />
          <span>
            Remember on this device: the browser&apos;s password manager keeps the key and hands it
            to a new tab (the dashboard itself never stores it).
          </span>
        </label>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Your password manager can keep the key: this is a login form it recognises.
        </p>
      )}
      {remembered && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          This browser remembers a key for the dashboard.
          <button
            type="button"
            className="btn-small"
            onClick={() => {
              void forgetRememberedKey();
              onForgotten();
            }}
          >
            Forget on this device
          </button>
        </p>
      )}
    </>
  );
}

export function KeyDialog() {
  const open = useKeyDialogOpen();
  return open ? <KeyDialogContent /> : null;
}

/** Masked key entry with reveal, paste and clear. The key goes to sessionStorage only, never into a URL. */
/**
 * Save with the key checked first (a refused key is not kept, and says so in `setNote`), handed
 * to the browser's password manager when "Remember on this device" is on.
 */
function useCheckedSave(setNote: (note: string) => void) {
  const [remember, setRemember] = useState(isKeyRemembered);
  const [checking, setChecking] = useState(false);
  const save = async (key: string) => {
    const trimmed = key.trim();
    if (trimmed) {
      setChecking(true);
      setNote('Checking the key with the account request (free)…');
      const refused = await keyRefused(trimmed);
      setChecking(false);
      if (refused) {
        setNote(
          'The service refused this key (HTTP 401), so it was not saved: check it and try again.',
        );
        return;
      }
      // The browser's password manager keeps it, if asked to; the app never does.
      if (remember && canRememberKey()) await rememberKey(trimmed);
    }
    setApiKey(trimmed);
    closeKeyDialog();
  };
  return { save, checking, remember, setRemember };
}

/** The sandbox's demo key, one click away (checked like any key). */
function SandboxKey({
  demoKey,
  disabled,
  onUse,
}: {
  demoKey: string;
  disabled: boolean;
  onUse: (key: string) => void;
}) {
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40">
      <p className="mb-2">You are on the built-in sandbox: its demo key has 100,000 credits.</p>
      <button
        type="button"
        className="btn-primary"
        disabled={disabled}
        onClick={() => onUse(demoKey)}
      >
        Use the sandbox demo key
      </button>
    </div>
  );
}

/** The key's field, masked, with Show (never in presenter mode). */
function KeyField({
  inputRef,
  draft,
  onDraft,
  presenter,
  hiddenKeySet,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  draft: string;
  onDraft: (draft: string) => void;
  presenter: boolean;
  hiddenKeySet: boolean;
}) {
  const inputId = useId();
  const [reveal, setReveal] = useState(false);
  return (
    <>
      <label htmlFor={inputId} className="block text-sm font-medium">
        Your personal key
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type={reveal && !presenter ? 'text' : 'password'}
          placeholder={hiddenKeySet ? 'A key is set (hidden in presenter mode)' : undefined}
          name="password"
          autoComplete="current-password"
          spellCheck={false}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          className="flex-1 rounded border border-slate-300 bg-white px-2 py-1.5 font-mono dark:border-slate-600 dark:bg-slate-950"
        />
        <button
          type="button"
          className="btn-secondary"
          aria-pressed={reveal && !presenter}
          disabled={presenter}
          onClick={() => setReveal((r) => !r)}
        >
          {reveal ? 'Hide' : 'Show'}
        </button>
      </div>
    </>
  );
}

/** Save (or, over an offered key, Replace / Keep), Paste, Clear key and Close. */
function KeyActions({
  choosing,
  checking,
  onReplace,
  onPaste,
  onClear,
}: {
  choosing: boolean;
  checking: boolean;
  onReplace: () => void;
  onPaste: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {choosing ? (
        <>
          <button type="submit" hidden /> {/* Enter takes a submit button: says no */}
          <button type="button" className="btn-primary" disabled={checking} onClick={onReplace}>
            Replace my key
          </button>
          <button type="button" className="btn-secondary" onClick={closeKeyDialog}>
            Keep my key
          </button>
        </>
      ) : (
        <button type="submit" className="btn-primary" disabled={checking}>
          Save key
        </button>
      )}
      <button type="button" className="btn-secondary" onClick={onPaste}>
        Paste
      </button>
      <button type="button" className="btn-secondary" onClick={onClear}>
        Clear key
      </button>
      <button type="button" className="btn-secondary ml-auto" onClick={closeKeyDialog}>
        Close
      </button>
    </div>
  );
}

function KeyDialogContent() {
  const titleId = useId();
  const { data: meta } = useQuery(metaQueries.current());
  // Presenter mode: the key is not even put in the field, and cannot be revealed.
  const presenter = usePresenterMode();
  // A key found in a pasted request or the page's URL (workspace/interop/key-offer.ts): in the
  // field, masked, until Save.
  const [offer] = useState(offeredKey);
  const [tabKey] = useState(getApiKey);
  const [draft, setDraft] = useState(() => offer?.key ?? (presenter ? '' : (tabKey ?? '')));
  const hiddenKeySet = presenter && tabKey !== null;
  const [note, setNote] = useState<string | null>(() =>
    offer ? offerNote(offer, tabKey, presenter) : null,
  );
  // Until the field is edited: then what is saved is what the person typed.
  const choosing = replaces(offer, tabKey) && draft === offer?.key;
  const inputRef = useRef<HTMLInputElement>(null);
  // The field has it now; nothing else keeps it.
  useEffect(forgetOfferedKey, []);

  const { save, checking, remember, setRemember } = useCheckedSave(setNote);

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      setDraft(text);
      setNote(text ? 'Pasted from the clipboard.' : 'The clipboard is empty.');
    } catch {
      setNote('The browser did not allow reading the clipboard: paste with Ctrl+V / ⌘V instead.');
    }
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      initialFocus={inputRef}
      onClose={closeKeyDialog}
      className="max-w-md space-y-4 p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        API key
      </h2>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (choosing)
            setNote("Enter does not replace this tab's key: choose Replace my key or Keep my key.");
          // An empty field over a hidden key keeps the key (Clear key clears it).
          else if (hiddenKeySet && !draft.trim()) closeKeyDialog();
          else void save(draft);
        }}
      >
        {/*
         * A login form that password managers recognise: a fixed "username" naming the key,
         * and the key as the password (filled by the manager, offered to be saved on submit).
         */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={CREDENTIAL_ID}
          readOnly
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        />
        <KeyField
          inputRef={inputRef}
          draft={draft}
          onDraft={setDraft}
          presenter={presenter}
          hiddenKeySet={hiddenKeySet}
        />
        <RememberChoice
          remember={remember}
          onChange={setRemember}
          onForgotten={() => {
            setRemember(false);
            setNote(
              "Forgotten on this device: the dashboard no longer asks the browser for it. The browser's saved entry (“Web Data API key”) is removed in its password settings.",
            );
          }}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Kept in this browser tab only (sessionStorage): it is gone when the tab closes and never
          put in a link. Checked with the free account request before it is saved. Clear key also
          deletes everything this browser stored for the dashboard (answers, batches, trackers and
          demo scripts), in every tab, and stops the browser handing a remembered key to new tabs.
        </p>
        {note && (
          <p role="status" className="text-sm">
            {note}
          </p>
        )}
        <KeyActions
          choosing={choosing}
          checking={checking}
          onReplace={() => void save(draft)}
          onPaste={() => void paste()}
          onClear={() => {
            setDraft('');
            // Cleared means no tab gets the key back on its own: the browser stops handing
            // it over (its password manager keeps its entry, removed in its settings).
            if (isKeyRemembered()) void forgetRememberedKey();
            void save('');
          }}
        />
      </form>
      {meta?.mode === 'sandbox' && meta.demoKey && (
        <SandboxKey demoKey={meta.demoKey} disabled={checking} onUse={(key) => void save(key)} />
      )}
    </ModalDialog>
  );
}
