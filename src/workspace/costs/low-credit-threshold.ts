import { createStoredStore, useStore } from '../../lib/store.ts';

/**
 * The low-credit threshold the user chose: a preference, not a secret, so it lives in
 * localStorage and outlives the tab. `null`: none chosen (the header then warns below 10% of
 * the plan, without banner or tab title).
 */
const threshold = createStoredStore<number | null>({
  storage: 'local',
  key: 'web-data-dashboard.low-credit-threshold',
  parse: (text) => {
    const value = text === null ? NaN : Number(text);
    return Number.isInteger(value) && value > 0 ? value : null;
  },
  serialize: (value) => (value === null ? null : String(value)),
});

export const setLowCreditThreshold = threshold.set;
export const useLowCreditThreshold = (): number | null => useStore(threshold);
