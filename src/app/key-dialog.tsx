import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
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

export function KeyDialog() {
  const open = useKeyDialogOpen();
  return open ? <KeyDialogContent /> : null;
}

/** Masked key entry with reveal, paste and clear. The key goes to sessionStorage only, never into a URL. */
function KeyDialogContent() {
  const titleId = useId();
  const inputId = useId();
  const { data: meta } = useQuery(metaQueries.current());
  // Presenter mode: the key is not even put in the field, and cannot be revealed.
  const presenter = usePresenterMode();
  // A key found in a pasted request or the page's URL (workspace/interop/key-offer.ts): in the
  // field, masked, until Save.
  const [offer] = useState(offeredKey);
  const [tabKey] = useState(getApiKey);
  const [draft, setDraft] = useState(() => offer?.key ?? (presenter ? '' : (tabKey ?? '')));
  const [reveal, setReveal] = useState(false);
  const hiddenKeySet = presenter && tabKey !== null;
  const [note, setNote] = useState<string | null>(() =>
    offer ? offerNote(offer, tabKey, presenter) : null,
  );
  // Until the field is edited: then what is saved is what the person typed.
  const choosing = replaces(offer, tabKey) && draft === offer?.key;
  const inputRef = useRef<HTMLInputElement>(null);
  // The field has it now; nothing else keeps it.
  useEffect(forgetOfferedKey, []);

  const save = (key: string) => {
    setApiKey(key);
    closeKeyDialog();
  };

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
          else save(draft);
        }}
      >
        <label htmlFor={inputId} className="block text-sm font-medium">
          Your personal key
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type={reveal && !presenter ? 'text' : 'password'}
            placeholder={hiddenKeySet ? 'A key is set (hidden in presenter mode)' : undefined}
            autoComplete="off"
            spellCheck={false}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
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
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Kept in this browser tab only (sessionStorage): it is gone when the tab closes and never
          put in a link. Clear key also deletes everything this browser stored for the dashboard
          (answers, batches, trackers and demo scripts), in every tab.
        </p>
        {note && (
          <p role="status" className="text-sm">
            {note}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {choosing ? (
            <>
              <button type="button" className="btn-primary" onClick={() => save(draft)}>
                Replace my key
              </button>
              <button type="button" className="btn-secondary" onClick={closeKeyDialog}>
                Keep my key
              </button>
            </>
          ) : (
            <button type="submit" className="btn-primary">
              Save key
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => void paste()}>
            Paste
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setDraft('');
              save('');
            }}
          >
            Clear key
          </button>
          <button type="button" className="btn-secondary ml-auto" onClick={closeKeyDialog}>
            Close
          </button>
        </div>
      </form>
      {meta?.mode === 'sandbox' && meta.demoKey && (
        <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40">
          <p className="mb-2">You are on the built-in sandbox: its demo key has 100,000 credits.</p>
          <button type="button" className="btn-primary" onClick={() => save(meta.demoKey ?? '')}>
            Use the sandbox demo key
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
