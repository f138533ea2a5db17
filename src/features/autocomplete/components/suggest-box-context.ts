import { createContext } from 'react';
import type { Suggestion } from '../lib/suggestions.ts';

/** What the query field's suggestion popup shows; the page provides it around the form. */
export interface SuggestBoxState {
  suggestions: readonly Suggestion[];
  /** The query the suggestions answer (they may belong to an earlier one while a newer loads). */
  forQuery: string | null;
  loading: boolean;
}

export const SuggestBoxContext = createContext<SuggestBoxState>({
  suggestions: [],
  forQuery: null,
  loading: false,
});
