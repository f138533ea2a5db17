import { plural } from '../../lib/format.ts';
import type { Intake } from './lib/intake.ts';

/** What the intake dropped and refused, before anything is sent. */
export function IntakeSummary({ intake }: { intake: Intake }) {
  const parts = [
    plural(intake.rows.length, 'query', 'queries'),
    intake.blank > 0 ? `${plural(intake.blank, 'blank line')} dropped` : null,
    intake.duplicates > 0 ? `${plural(intake.duplicates, 'repeat')} dropped` : null,
    intake.refused.length > 0 ? `${plural(intake.refused.length, 'line')} refused` : null,
  ].filter((p) => p !== null);
  return (
    <div className="space-y-1 text-sm">
      <p data-testid="intake-counts">{parts.join(' · ')}</p>
      {intake.notes.map((n) => (
        <p key={n} className="text-amber-800 dark:text-amber-300">
          {n}
        </p>
      ))}
      {intake.refused.length > 0 && (
        <ul aria-label="Refused lines" className="list-disc pl-5 text-red-800 dark:text-red-300">
          {intake.refused.slice(0, 50).map((r) => (
            <li key={r.line}>
              Line {r.line} <q className="break-all">{r.text.slice(0, 80)}</q>:{' '}
              {r.reasons.join(' ')}
            </li>
          ))}
          {intake.refused.length > 50 && <li>… and {intake.refused.length - 50} more</li>}
        </ul>
      )}
    </div>
  );
}
