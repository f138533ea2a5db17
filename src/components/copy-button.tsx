import { useState } from 'react';

/** Copies text to the clipboard and says so; says so too when the browser refuses. */
export function CopyButton({
  text,
  label = 'Copy',
  className = 'btn-small',
}: {
  text: string | (() => string);
  label?: string;
  /** Beside full-size buttons ("Save snapshot") it is one of them. */
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" className={className} onClick={() => void copy()} aria-live="polite">
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked by the browser' : label}
    </button>
  );
}
