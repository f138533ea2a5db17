import { memo, useId, type ComponentType } from 'react';
import type { EndpointSpec, ParamSpec } from '../api/endpoints.ts';
import { paramApplies, type ParamErrors, type ParamValues } from '../api/params.ts';
import { ParamField, type FieldProps } from './param-field.tsx';

const NO_INPUTS: Partial<Record<string, ComponentType<FieldProps>>> = {};

export interface ParamFormProps {
  spec: EndpointSpec;
  values: ParamValues;
  errors: ParamErrors;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
  /** Custom inputs for some parameters (e.g. a searchable country picker). */
  inputs?: Partial<Record<string, ComponentType<FieldProps>>>;
}

/**
 * The parameter form generated from the catalogue: essentials first, the rest under "More
 * options". Memoised: the panel around it re-renders on Run and on every answer, the fields
 * only when their values or errors change.
 */
export const ParamForm = memo(function ParamForm({
  spec,
  values,
  errors,
  onChange,
  onBlur,
  inputs = NO_INPUTS,
}: ParamFormProps) {
  const baseId = useId();
  const field = (param: ParamSpec) => {
    const id = `${baseId}-${param.name}`;
    const applies = paramApplies(spec, param, values);
    const error = applies ? errors[param.name] : undefined;
    const props: FieldProps = {
      param,
      id,
      value: values[param.name] ?? '',
      error,
      onChange: (v) => onChange(param.name, v),
      onBlur: () => onBlur(param.name),
      describedBy: error ? `${id}-help ${id}-error` : `${id}-help`,
      // Kept (with its value) rather than hidden, so the form does not jump and says why.
      disabled: !applies || undefined,
    };
    const Custom = inputs[param.name];
    return (
      <ParamField key={param.name} {...props}>
        {Custom ? <Custom {...props} /> : undefined}
      </ParamField>
    );
  };
  const main = spec.params.filter((p) => !p.advanced);
  const advanced = spec.params.filter((p) => p.advanced);
  const advancedHasError = advanced.some((p) => errors[p.name]);
  const advancedSet = advanced.filter((p) => values[p.name]).length;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{main.map(field)}</div>
      {advanced.length > 0 && (
        <details
          open={advancedHasError || undefined}
          className="rounded border border-slate-200 dark:border-slate-700 p-2"
        >
          <summary className="cursor-pointer text-sm font-medium">
            More options{advancedSet > 0 && ` (${advancedSet} set)`}
          </summary>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{advanced.map(field)}</div>
        </details>
      )}
    </div>
  );
});
