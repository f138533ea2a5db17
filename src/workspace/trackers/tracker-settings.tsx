import { useId, useState } from 'react';
import { LabelledField } from '../../components/labelled-field.tsx';
import { CADENCES, type Cadence, type Tracker } from './lib/tracker.ts';

const whole = (text: string): number | null | 'bad' => {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : 'bad';
};

interface FormProps {
  tracker: Tracker;
  onSave: (t: Tracker) => void;
}

/**
 * A tracker's name, cadence, caps, top N and alert rules; saved with Save. Its fields start
 * again from the tracker when these change (a save), not when what it tracks does.
 */
export function TrackerSettings(props: FormProps) {
  const { name, cadence, capPerRun, monthlyCap, topN, alerts } = props.tracker;
  return (
    <SettingsForm
      key={JSON.stringify([name, cadence, capPerRun, monthlyCap, topN, alerts])}
      {...props}
    />
  );
}

function SettingsForm({ tracker, onSave }: FormProps) {
  const id = useId();
  const [name, setName] = useState(tracker.name);
  const [cadence, setCadence] = useState<Cadence>(tracker.cadence);
  const [capPerRun, setCapPerRun] = useState(tracker.capPerRun?.toString() ?? '');
  const [monthlyCap, setMonthlyCap] = useState(tracker.monthlyCap?.toString() ?? '');
  const [topN, setTopN] = useState(String(tracker.topN));
  const [moveBy, setMoveBy] = useState(tracker.alerts.moveBy?.toString() ?? '');
  const [leaves, setLeaves] = useState(tracker.alerts.leavesTop10);
  const [enters, setEnters] = useState(tracker.alerts.entersTop10 ?? false);
  const [top3, setTop3] = useState(tracker.alerts.top3 ?? false);
  const [overtakes, setOvertakes] = useState(tracker.alerts.competitorOvertakes);
  const caps = [whole(capPerRun), whole(monthlyCap), whole(moveBy)];
  const n = whole(topN);
  const bad =
    caps.includes('bad') || typeof n !== 'number' || n < 1 || n > 100 || name.trim() === '';
  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    help: string,
  ) => (
    <div className="w-40">
      <LabelledField
        id={`${id}-${key}`}
        label={label}
        help={help}
        inputMode="numeric"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={whole(value) === 'bad' ? true : undefined}
      />
    </div>
  );
  return (
    <form
      aria-label="Tracker settings"
      className="space-y-3 rounded border border-slate-200 p-3 text-sm dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        if (bad) return;
        onSave({
          ...tracker,
          name: name.trim(),
          cadence,
          capPerRun: caps[0] as number | null,
          monthlyCap: caps[1] as number | null,
          topN: n,
          alerts: {
            moveBy: caps[2] as number | null,
            leavesTop10: leaves,
            entersTop10: enters,
            top3,
            competitorOvertakes: overtakes,
          },
        });
      }}
    >
      <h3 className="font-semibold">Settings</h3>
      <div className="flex flex-wrap items-start gap-4">
        <LabelledField
          id={`${id}-name`}
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cadence`}>Cadence</label>
          <select
            id={`${id}-cadence`}
            value={cadence}
            onChange={(e) => setCadence(e.target.value as Cadence)}
            aria-describedby={`${id}-cadence-help`}
            className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {CADENCES.map((c) => (
              <option key={c} value={c}>
                {c === 'off' ? 'Only when I press Run now' : c}
              </option>
            ))}
          </select>
          <span
            id={`${id}-cadence-help`}
            className="max-w-xs text-xs text-slate-600 dark:text-slate-400"
          >
            Runs while a dashboard tab is open, at the first run’s time of day (Run now makes the
            first); a run due while no tab was open is shown as missed.
          </span>
        </div>
        {field('cap', 'Cap per run (credits)', capPerRun, setCapPerRun, 'Empty: no cap.')}
        {field(
          'monthly',
          'Monthly cap (credits)',
          monthlyCap,
          setMonthlyCap,
          'All runs of a calendar month.',
        )}
        {field('top', 'Top N', topN, setTopN, 'What “new” and “lost” count.')}
      </div>
      <fieldset className="flex flex-wrap items-start gap-4">
        <legend className="font-medium">Alerts after each run</legend>
        {field('move', 'Target moves by at least', moveBy, setMoveBy, 'Places; empty: no alert.')}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={enters} onChange={(e) => setEnters(e.target.checked)} />
          Target enters the top 10
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={leaves} onChange={(e) => setLeaves(e.target.checked)} />
          Target leaves the top 10
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={top3} onChange={(e) => setTop3(e.target.checked)} />
          Target enters or leaves the top 3
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={overtakes}
            onChange={(e) => setOvertakes(e.target.checked)}
          />
          A competitor overtakes it
        </label>
      </fieldset>
      <button
        type="submit"
        disabled={bad}
        className="rounded border border-slate-400 px-3 py-1 disabled:opacity-50"
      >
        Save settings
      </button>
    </form>
  );
}
