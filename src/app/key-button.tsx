import { useEffect } from 'react';
import { createStore, useStore } from '../lib/store.ts';
import { getApiKey, maskedKey, setApiKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { usePresenterMode } from '../session/presenter-mode.ts';
import { useKeyRemembered } from '../session/key-remembered.ts';

/** The Credential Management code loads only where a key was remembered (the first paint goes without). */
const recallKey = (mediation: 'silent' | 'optional') =>
  import('../session/remembered-key.ts').then((m) => m.recallKey(mediation));
import { useApiKey } from '../session/use-api-key.ts';

/**
 * Asks the browser once, on open, for the key it remembers (decision 069): it hands it over at
 * once where it may, or shows its own chooser (one click). Only when the app asked it to
 * remember one, and only in a tab without a key.
 */
let askedOnOpen = false;
const asking = createStore(false);
function useRecallOnOpen(remembered: boolean, apiKey: string | null) {
  useEffect(() => {
    if (askedOnOpen || !remembered || apiKey !== null) return;
    askedOnOpen = true;
    asking.set(true);
    void recallKey('optional').then((key) => {
      asking.set(false);
      if (key && getApiKey() === null) setApiKey(key);
    });
  }, [remembered, apiKey]);
  return useStore(asking);
}

export function KeyButton() {
  const apiKey = useApiKey();
  // On a shared screen not even the last characters of the key are shown.
  const presenter = usePresenterMode();
  const remembered = useKeyRemembered();
  const busy = useRecallOnOpen(remembered, apiKey);
  if (!apiKey && remembered)
    return (
      <button
        type="button"
        className="btn-primary"
        disabled={busy}
        onClick={() =>
          void recallKey('optional').then((key) => (key ? setApiKey(key) : openKeyDialog()))
        }
      >
        {busy ? 'Asking the browser for the key…' : 'Use my remembered key'}
      </button>
    );
  return (
    <button
      type="button"
      className={apiKey ? 'btn-secondary' : 'btn-primary'}
      onClick={openKeyDialog}
      aria-haspopup="dialog"
    >
      {apiKey ? <>Key {presenter ? 'set (hidden)' : maskedKey(apiKey)}</> : 'Set API key'}
    </button>
  );
}
