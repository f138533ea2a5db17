import { noticeStoreProblems } from '../../../lib/notices.ts';
import { createStoredStore, useStore } from '../../../lib/store.ts';

/** The compare tray holds this many listings side by side. */
export const MAX_PINS = 4;
const NONE: readonly string[] = [];

/** Pinned listing keys from their stored text: strings only, no repeats, at most MAX_PINS. */
export function parsePins(text: string | null): readonly string[] {
  if (text === null) return NONE;
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) return NONE;
  const keys = value.filter((k): k is string => typeof k === 'string' && k !== '');
  return [...new Set(keys)].slice(0, MAX_PINS);
}

/** The pins with `key` added (refused, unchanged, when the tray is full) or taken out. */
export function togglePin(pins: readonly string[], key: string): readonly string[] {
  if (pins.includes(key)) return pins.filter((k) => k !== key);
  return pins.length >= MAX_PINS ? pins : [...pins, key];
}

/**
 * The listings pinned to compare, by their key (the service's listing id), in the order they
 * were pinned. Kept per tab (sessionStorage), as the answers they come from are (decision
 * 016): a reload keeps them, another tab has its own.
 */
const STORAGE_KEY = 'web-data-dashboard.realty-compare';
const pinStore = createStoredStore<readonly string[]>({
  storage: 'session',
  key: STORAGE_KEY,
  // A damaged entry is dropped, a refused write kept for the page: either is said (decision 041).
  onProblem: noticeStoreProblems(STORAGE_KEY, 'the listings pinned to compare'),
  parse: parsePins,
  serialize: (pins) => (pins.length === 0 ? null : JSON.stringify(pins)),
});

export const usePins = (): readonly string[] => useStore(pinStore);
export const toggle = (key: string): void => pinStore.set(togglePin(pinStore.get(), key));
export const unpinAll = (): void => pinStore.set(NONE);
