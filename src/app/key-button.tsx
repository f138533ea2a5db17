import { maskedKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { useApiKey } from '../session/use-api-key.ts';

export function KeyButton() {
  const apiKey = useApiKey();
  return (
    <button
      type="button"
      className={apiKey ? 'btn-secondary' : 'btn-primary'}
      onClick={openKeyDialog}
      aria-haspopup="dialog"
    >
      {apiKey ? <>Key {maskedKey(apiKey)}</> : 'Set API key'}
    </button>
  );
}
