import { useId } from 'react';
import { unitLabel, type AreaUnit } from '../lib/area.ts';

const UNITS: readonly AreaUnit[] = ['sqft', 'm2'];

/** Square feet or square metres for every area and price per area the view shows. */
export function AreaUnitSwitch({
  unit,
  onChange,
}: {
  unit: AreaUnit;
  onChange: (unit: AreaUnit) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2 text-sm">
      <legend className="float-left mr-1">Area in</legend>
      {UNITS.map((u) => (
        <label key={u} className="flex items-center gap-1">
          <input
            type="radio"
            name={name}
            value={u}
            checked={unit === u}
            onChange={() => onChange(u)}
          />
          {unitLabel(u)}
        </label>
      ))}
    </fieldset>
  );
}
