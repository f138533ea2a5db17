import { useSyncExternalStore } from 'react';
import { webStorage } from '../lib/web-storage.ts';

/**
 * The low-credit threshold the user chose: a preference, not a secret, so it lives in
 * localStorage and outlives the tab. `null`: none chosen (the header then warns below 10% of
 * the plan, without banner or tab title).
 */
const STORAGE_KEY = 'web-data-dashboard.low-credit-threshold';
const listeners = new Set<() => void>();
let memory: string | null = null;

const storage = () => webStorage('local');

export function getLowCreditThreshold(): number | null {
  const s = storage();
  const raw = s ? s.getItem(STORAGE_KEY) : memory;
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function setLowCreditThreshold(value: number | null): void {
  memory = value === null ? null : String(value);
  try {
    if (value === null) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, String(value));
  } catch {
    // Storage disabled: the threshold lasts as long as the page.
  }
  listeners.forEach((l) => l());
}

export function useLowCreditThreshold(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getLowCreditThreshold,
    () => null,
  );
}
