import { DEVICE_PRESETS, matchingPreset, type DevicePreset } from '../lib/device-presets.ts';

export interface DevicePresetsProps {
  width: string | undefined;
  height: string | undefined;
  onPick: (preset: DevicePreset) => void;
}

/** One press fills the viewport width and height with a common device's. */
export function DevicePresets({ width, height, onPick }: DevicePresetsProps) {
  const current = matchingPreset(width, height);
  return (
    <div role="group" aria-label="Device presets" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Device preset:</span>
      {DEVICE_PRESETS.map((preset) => (
        <button
          key={preset.name}
          type="button"
          className="btn-secondary aria-pressed:border-teal-700 aria-pressed:bg-teal-50 dark:aria-pressed:bg-teal-950"
          aria-pressed={current === preset}
          onClick={() => onPick(preset)}
        >
          {preset.name}{' '}
          <span className="text-slate-600 dark:text-slate-400">
            {preset.width}×{preset.height}
          </span>
        </button>
      ))}
      <span className="text-xs text-slate-600 dark:text-slate-400">
        Fills the viewport width and height; edit them below for any other size.
      </span>
    </div>
  );
}
