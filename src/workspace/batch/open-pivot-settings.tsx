import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PivotFields } from '../runs/lib/definition.ts';
import { PivotSettings } from './pivot-settings.tsx';

/** A pause in typing this long puts the settings typed in the batch (the pivot follows). */
export const PIVOT_PAUSE_MS = 300;

/**
 * The open batch's pivot settings. What is typed stays in these fields until typing pauses,
 * focus leaves them or they go, and only then reaches the batch: a letter renders the fields,
 * not the batch's whole view, and stores nothing (issue 41: about 50 ms of script a letter at
 * the reference phone, the view rendered and the batch written to IndexedDB). Losing the
 * last letters with the page costs nothing paid: these are free readings of kept answers.
 */
export function OpenPivotSettings({
  definition,
  suggestions,
  onChange,
}: {
  definition: PivotFields;
  suggestions: readonly string[];
  onChange: (change: Partial<PivotFields>) => void;
}) {
  const [pending, setPending] = useState<Partial<PivotFields> | null>(null);
  // Read by the pause's timer, the blur and the unmount, whichever comes first.
  const latest = useRef({ pending, onChange, timer: undefined as number | undefined });
  useLayoutEffect(() => {
    latest.current.onChange = onChange;
  });
  const commit = () => {
    const now = latest.current;
    clearTimeout(now.timer);
    if (!now.pending) return;
    const change = now.pending;
    now.pending = null;
    setPending(null);
    now.onChange(change);
  };
  const change = (next: Partial<PivotFields>, how: 'typed' | 'picked') => {
    const now = latest.current;
    now.pending = { ...now.pending, ...next };
    setPending(now.pending);
    clearTimeout(now.timer);
    // A suggestion clicked is a choice made, not a word on its way: it goes in at once.
    if (how === 'picked') commit();
    else now.timer = window.setTimeout(commit, PIVOT_PAUSE_MS);
  };
  // Gone (another batch, another view) with letters not yet in the batch: they go in now.
  useEffect(() => commit, []);
  return (
    <div
      onBlur={(e) => {
        // From one field to the next is still typing; out of the fields, the settings are set.
        if (!e.currentTarget.contains(e.relatedTarget)) commit();
      }}
    >
      <PivotSettings
        definition={pending ? { ...definition, ...pending } : definition}
        suggestions={suggestions}
        onChange={change}
      />
    </div>
  );
}
