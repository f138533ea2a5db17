import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import { LabelledField } from '../../components/labelled-field.tsx';
import { trackerFromBatch } from './lib/tracker.ts';
import { saveTracker } from './tracker-storage.ts';

const newId = () =>
  `${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;

/** "Save as tracker" on a batch: its requests, target and competitors, under a name. */
export function SaveAsTracker({ definition }: { definition: BatchDefinition }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState(() => (definition.target ? `${definition.target} tracker` : ''));
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const tracker = trackerFromBatch(definition, { id: newId(), name, now: Date.now() });
    try {
      await saveTracker(tracker);
      void navigate(`/trackers?tracker=${encodeURIComponent(tracker.id)}`);
    } catch {
      setError('The tracker could not be stored (the browser refused its storage).');
    }
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <LabelledField
        id={`${id}-name`}
        label="Tracker name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button
        type="submit"
        className="rounded border border-teal-700 px-3 py-1 text-teal-900 dark:text-teal-200"
      >
        Save as tracker
      </button>
      <span className="text-slate-600 dark:text-slate-400">
        Runs it again over time, with movers and history.
      </span>
      {error && <span role="alert">{error}</span>}
    </form>
  );
}
