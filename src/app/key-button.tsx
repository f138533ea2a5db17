import { maskedKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { usePresenterMode } from '../session/presenter-mode.ts';
import { useApiKey } from '../session/use-api-key.ts';

export function KeyButton() {
  const apiKey = useApiKey();
  // On a shared screen not even the last characters of the key are shown.
  const presenter = usePresenterMode();
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
