import { postSandbox } from '../../api/sandbox-control.ts';
import { useState } from 'react';

/**
 * Sandbox mode only: moves the sandbox's day on, so search answers drift (ranks move, results
 * enter and leave) and a tracker's next run has movers to show, offline.
 */
export function SandboxDrift() {
  const [day, setDay] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const advance = async () => {
    setError(null);
    try {
      setDay(((await postSandbox('/drift', { days: 1 })) as { day: number }).day);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The sandbox did not answer.');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded border border-dashed border-slate-400 p-2 text-sm">
      <span>Sandbox: search rankings drift a little each day.</span>
      <button
        type="button"
        className="rounded border border-slate-400 px-3 py-1"
        onClick={() => void advance()}
      >
        Move the sandbox a day on
      </button>
      <span role="status">{day !== null && `The sandbox is now at day ${day}.`}</span>
      {error && <span role="alert">{error}</span>}
    </div>
  );
}
