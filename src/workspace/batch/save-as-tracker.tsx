import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LabelledField } from '../../components/labelled-field.tsx';
import { flushBatchStorage } from '../runs/batch-store.ts';
import type { OpenBatch } from '../runs/cell-query.ts';
import { trackerHandoffState } from '../runs/tracker-handoff.ts';

/**
 * "Save as tracker" on a batch: its requests, target and competitors under a name, with the
 * answers it paid for as the tracker's first run. The trackers view makes it (runs/tracker-
 * handoff.ts) from the stored batch, once its last records are written.
 */
export function SaveAsTracker({ batch, running }: { batch: OpenBatch; running: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const { target } = batch.definition;
  const [name, setName] = useState(() => (target ? `${target} tracker` : ''));
  const save = async () => {
    await flushBatchStorage();
    void navigate('/trackers', { state: trackerHandoffState({ batchId: batch.id, name }) });
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!running) void save();
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
        disabled={running}
        className="rounded border border-teal-700 px-3 py-1 text-teal-900 disabled:opacity-50 dark:text-teal-200"
      >
        Save as tracker
      </button>
      <span className="text-slate-600 dark:text-slate-400">
        {running
          ? 'Once the run is over: its answers become the tracker’s first run.'
          : 'Runs it again over time, with movers and history; these answers are its first run.'}
      </span>
    </form>
  );
}
