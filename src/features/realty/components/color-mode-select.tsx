import { COLOR_MODES, type ColorMode } from '../lib/color-scale.ts';

/** What the map's dots, pins and clusters are coloured by. */
export function ColorModeSelect({
  mode,
  onChange,
}: {
  mode: ColorMode;
  onChange: (mode: ColorMode) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      Colour by
      <select
        className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        value={mode}
        onChange={(e) => onChange(e.target.value as ColorMode)}
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
