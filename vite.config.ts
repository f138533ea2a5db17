/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { apiPlugin } from './src/server/vite-plugin.ts';

export default defineConfig(({ mode }) => {
  // '' prefix: API_TARGET and friends are server-side settings, never exposed to the bundle.
  const env = { ...loadEnv(mode, import.meta.dirname, ''), ...process.env };
  return {
    plugins: [react(), tailwindcss(), apiPlugin(env)],
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: { target: 'es2022', reportCompressedSize: true },
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**', 'node_modules/**'],
      restoreMocks: true,
      testTimeout: 15_000,
    },
  };
});
