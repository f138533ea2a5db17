import type { Shape } from '../lib/shape.ts';
import type { DrawMode } from './area-layer.tsx';

const HOW: Record<Exclude<DrawMode, 'view'>, string> = {
  rect: 'Drag on the map to draw a rectangle. Escape stops.',
  poly: 'Click on the map to add corners; double-click, click the first corner or press Enter to finish. Backspace takes the last corner back, Escape stops.',
};

export interface AreaToolsProps {
  shape: Shape | null;
  drawing: DrawMode | null;
  onDraw: (mode: DrawMode | null) => void;
  onClear: () => void;
  /** Listings in the area, and those the area leaves out for having no position. */
  inside: number;
  unplaced: number;
}

/**
 * Choosing the area whose listings the view shows: draw a rectangle or a polygon on the map,
 * or take the part of the map in view (the way without a pointer); one button clears it.
 */
export function AreaTools({ shape, drawing, onDraw, onClear, inside, unplaced }: AreaToolsProps) {
  const toggle = (mode: Exclude<DrawMode, 'view'>) => onDraw(drawing === mode ? null : mode);
  const count = `${inside.toLocaleString('en-US')} listing${inside === 1 ? '' : 's'}`;
  return (
    <div className="space-y-1">
      <div role="group" aria-label="Area" className="flex flex-wrap items-center gap-2 text-sm">
        {(['rect', 'poly'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            className="btn-secondary"
            aria-pressed={drawing === mode}
            onClick={() => toggle(mode)}
          >
            {mode === 'rect' ? 'Draw a rectangle' : 'Draw a polygon'}
          </button>
        ))}
        <button type="button" className="btn-secondary" onClick={() => onDraw('view')}>
          Only listings in the visible map area
        </button>
        <button type="button" className="btn-secondary" disabled={!shape} onClick={onClear}>
          Clear area
        </button>
      </div>
      <p
        role="status"
        className="text-xs text-slate-700 dark:text-slate-300"
        data-testid="area-status"
      >
        {drawing && drawing !== 'view'
          ? HOW[drawing]
          : shape &&
            `Showing the ${count} inside the ${shape.kind === 'rect' ? 'rectangle' : 'polygon'}${
              unplaced > 0
                ? ` (${unplaced.toLocaleString('en-US')} without coordinates left out)`
                : ''
            }.`}
      </p>
    </div>
  );
}
