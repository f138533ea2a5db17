import { useState } from 'react';
import { COLOR_MODES, type ColorMode } from '../lib/color-scale.ts';

/**
 * What the map's dots, pins and clusters are coloured by. The choice shows at once, from this
 * select's own state, while `mode` (the page URL) is still the one it was picked over; the view
 * recolours in a transition after it (issue 41). Once `mode` changes, it is what shows.
 */
export function ColorModeSelect({
  mode,
  onChange,
}: {
  mode: ColorMode;
  onChange: (mode: ColorMode) => void;
}) {
  const [picked, setPicked] = useState<ColorMode | null>(null);
  // A new `mode` (the pick arrived, or a link, Back or a demo step changed it) is what shows.
  const [seen, setSeen] = useState(mode);
  if (seen !== mode) {
    setSeen(mode);
    setPicked(null);
  }
  const shown = picked ?? mode;
  return (
    <label className="flex items-center gap-2 text-sm">
      Colour by
      <select
        className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        value={shown}
        onChange={(e) => {
          const next = e.target.value as ColorMode;
          setPicked(next);
          onChange(next);
        }}
      >
        {COLOR_MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
    </label>
  );
}
