import type { EndpointSpec, ParamSpec } from './endpoints.ts';
import { pickParams, type Params, type ParamValues } from './params.ts';

/**
 * The form of a comparison's second country/language pair: the endpoint's own `country` and
 * `language` parameters under names of their own in the page URL (`vs_country`, required;
 * `vs_language`, empty meaning the same as the first), so the catalogue's rules check them
 * and `useParamForm` keeps them like any form.
 */
export function secondLocaleForm(spec: EndpointSpec): EndpointSpec {
  const param = (name: string) => spec.params.find((p) => p.name === name)!;
  return {
    ...spec,
    params: [
      {
        ...param('country'),
        name: 'vs_country',
        label: 'Second country',
        required: true,
        help: 'Country to compare with, e.g. gb.',
        // Required, so no default to name, and no placeholder that reads as a value typed.
        default: undefined,
        placeholder: undefined,
      },
      {
        ...param('language'),
        name: 'vs_language',
        label: 'Second language',
        help: 'Empty: the same as above.',
        default: undefined,
      },
    ] satisfies ParamSpec[],
  };
}

/** The second request: the first one in the second pair's country and language. */
export function secondLocaleParams(spec: EndpointSpec, first: Params, pair: ParamValues): Params {
  return pickParams(spec, {
    ...first,
    country: pair.vs_country ?? '',
    language: pair.vs_language || (first.language ?? ''),
  });
}
