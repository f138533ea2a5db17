import { createStoredStore, useStore } from '../lib/store.ts';

/**
 * Whether this browser was asked to remember the key (decision 069): the header reads it on
 * every page, so it sits apart from the Credential Management code (remembered-key.ts), which
 * loads when the key is asked for or stored.
 */
export const remembered = createStoredStore<boolean>({
  storage: 'local',
  key: 'web-data-dashboard.key-remembered',
  parse: (text) => text === '1',
  serialize: (on) => (on ? '1' : null),
});

export const useKeyRemembered = (): boolean => useStore(remembered);
export const isKeyRemembered = remembered.get;
