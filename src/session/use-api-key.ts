import { useStore } from '../lib/store.ts';
import { apiKeyStore } from './key-store.ts';

export const useApiKey = (): string | null => useStore(apiKeyStore);
