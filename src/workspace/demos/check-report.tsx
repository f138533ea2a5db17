import type { DemoScript } from './demo-file.ts';
import { useScriptCheck } from './check-script.ts';
import { checkDemo } from './play-demo.ts';

/**
 * "Check this script" and what the last check of this script found, step by step (issue #36,
 * point 5). `offered`: the script was just opened from a file, so the check is suggested.
 */
export function ScriptCheck({
  script,
  offered = false,
}: {
  script: DemoScript;
  offered?: boolean;
}) {
  const check = useScriptCheck();
  const mine = check?.scriptId === script.id ? check : null;
  const failed = mine?.steps.filter((s) => s.problem !== null).length ?? 0;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={script.steps.length === 0}
          onClick={() => checkDemo(script.id)}
        >
          Check this script
        </button>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {offered
            ? 'Opened from a file: check that every step renders here before you present it.'
            : 'Plays every step here from its recording, sending nothing, and says what renders.'}
        </span>
      </p>
      {mine && (
        <section aria-label="Check of the script" className="space-y-1">
          <p role="status" className="font-medium">
            {mine.done
              ? failed === 0
                ? `Every step renders (${mine.steps.length} of ${script.steps.length}).`
                : `${failed} of ${mine.steps.length} steps do not render.`
              : `Checking step ${mine.steps.length + 1} of ${script.steps.length}…`}
          </p>
          <ol aria-label="Checked steps" className="list-decimal space-y-1 pl-6 text-sm">
            {mine.steps.map((s, i) => (
              <li key={i} className={s.problem ? 'text-red-800 dark:text-red-300' : undefined}>
                {s.view} · “{s.title}”: {s.problem ? `does not render: ${s.problem}` : 'renders'}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
