import { useId } from 'react';
import {
  MAX_CAPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TITLE_LENGTH,
  plainText,
  type DemoScript,
  type DemoStep,
} from './demo-file.ts';
import { copyDemo, editStep, moveStep, removeStep, renameDemo } from './demo-store.ts';
import { ScriptCheck } from './check-report.tsx';
import { HistoryPicker } from './history-picker.tsx';
import { playDemo } from './play-demo.ts';
import { stepViewTitle } from './demo-steps.ts';

/**
 * One step of the script being edited. Title and caption are saved when the field is left
 * (a step holds its whole answer: writing it on every key would copy megabytes per key).
 * Move up / Move down reorder it, by keyboard as by pointer (focus stays on the button, which
 * moves with its step).
 */
function StepItem({ script, step, index }: { script: DemoScript; step: DemoStep; index: number }) {
  const id = useId();
  const view = stepViewTitle(step);
  const last = index === script.steps.length - 1;
  return (
    <li
      aria-label={`Step ${index + 1}: ${step.title}`}
      // `content-visibility`: the steps below the fold wait to be laid out and painted, so a
      // script of 30 steps opened from a file shows in a short task (issue 36, point 6).
      className="space-y-2 rounded border border-slate-200 p-3 [contain-intrinsic-size:auto_12rem] [content-visibility:auto] dark:border-slate-700"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Step {index + 1}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{view}</span>
        <span className="ml-auto flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={index === 0}
            onClick={() => moveStep(script.id, step.id, -1)}
          >
            Move up
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={last}
            onClick={() => moveStep(script.id, step.id, 1)}
          >
            Move down
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => playDemo(script.id, index)}
          >
            Play from here
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => removeStep(script.id, step.id)}
          >
            Remove
          </button>
        </span>
      </p>
      <label htmlFor={`${id}-title`} className="block text-sm font-medium">
        Title
      </label>
      <input
        id={`${id}-title`}
        className="text-field w-full"
        defaultValue={step.title}
        maxLength={MAX_TITLE_LENGTH}
        onBlur={(e) => {
          const title = plainText(e.target.value, MAX_TITLE_LENGTH);
          if (title && title !== step.title) editStep(script.id, step.id, { title });
        }}
      />
      <label htmlFor={`${id}-caption`} className="block text-sm font-medium">
        Caption
      </label>
      <textarea
        id={`${id}-caption`}
        className="text-field w-full"
        rows={2}
        defaultValue={step.caption}
        maxLength={MAX_CAPTION_LENGTH}
        aria-describedby={`${id}-caption-help`}
        onBlur={(e) => {
          const caption = plainText(e.target.value, MAX_CAPTION_LENGTH);
          if (caption !== step.caption) editStep(script.id, step.id, { caption });
        }}
      />
      <p id={`${id}-caption-help`} className="text-xs text-slate-600 dark:text-slate-400">
        Plain text, shown under the step while it plays.
      </p>
    </li>
  );
}

/**
 * The built-in tour, read-only: its steps as they play, and a copy of it to edit. Edited in
 * place, a new tour taken from the sandbox would replace the presenter's changes (and "Add
 * this result" once added to it unasked).
 */
function ReadOnlyScript({
  script,
  onSelect,
}: {
  script: DemoScript;
  onSelect: (id: string) => void;
}) {
  return (
    <section aria-labelledby="read-only-heading" className="space-y-4">
      <h2 id="read-only-heading" className="text-lg font-semibold">
        “{script.name}” (built in, read-only)
      </h2>
      <p className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary" onClick={() => playDemo(script.id)}>
          Play
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            const copy = copyDemo(script.id);
            if (copy) onSelect(copy.id);
          }}
        >
          Copy to my scripts
        </button>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          The tour comes with the sandbox and is not changed; edit a copy of it.
        </span>
      </p>
      <ScriptCheck script={script} />
      <ol aria-label="Steps" className="list-decimal space-y-2 pl-6">
        {script.steps.map((step) => (
          <li key={step.id}>
            <span className="font-medium">{step.title}</span>
            <span className="text-slate-600 dark:text-slate-400"> · {stepViewTitle(step)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The selected script: its name, its steps in order, and steps to add from history. */
export function DemoEditor({
  script,
  onSelect,
  opened = false,
}: {
  script: DemoScript;
  /** Selects another script (the copy of a read-only one). */
  onSelect: (id: string) => void;
  /** It was just opened from a file: its check is offered. */
  opened?: boolean;
}) {
  const nameId = useId();
  if (script.readOnly) return <ReadOnlyScript script={script} onSelect={onSelect} />;
  return (
    <section aria-labelledby={`${nameId}-heading`} className="space-y-4">
      <h2 id={`${nameId}-heading`} className="text-lg font-semibold">
        Editing “{script.name}”
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={nameId} className="block text-sm font-medium">
            Script name
          </label>
          <input
            id={nameId}
            className="text-field"
            defaultValue={script.name}
            maxLength={MAX_NAME_LENGTH}
            onBlur={(e) => {
              const name = plainText(e.target.value, MAX_NAME_LENGTH);
              if (name && name !== script.name) renameDemo(script.id, name);
            }}
          />
        </div>
        <button
          type="button"
          className="btn-primary"
          disabled={script.steps.length === 0}
          onClick={() => playDemo(script.id)}
        >
          Play
        </button>
      </div>
      <ScriptCheck script={script} offered={opened} />
      {script.steps.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          No steps yet: add some from history below, or with “Add this result” on any view.
        </p>
      ) : (
        <ol aria-label="Steps" className="space-y-3">
          {script.steps.map((step, i) => (
            <StepItem key={step.id} script={script} step={step} index={i} />
          ))}
        </ol>
      )}
      <HistoryPicker script={script} />
    </section>
  );
}
