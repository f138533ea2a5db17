import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-floor',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginQuery.configs['flat/recommended'],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'test/*.mjs', 'test/bench/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // Features never import each other, and browser code never imports the sandbox or server (DESIGN.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**', '**/server/*.ts', '!**/server/config.ts'],
              message: 'Browser code must not import the sandbox or the dev server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**', '**/server/*.ts', '!**/server/config.ts'],
              message: 'Browser code must not import the sandbox or the dev server.',
            },
            {
              group: ['../../features/*', '../../app/*'],
              message: 'Features never import each other or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/sandbox/**',
      'src/server/**',
      'test/**',
      'vite.config.ts',
      'playwright.config.ts',
      '*.js',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
