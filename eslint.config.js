import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { layers } from './scripts/lint/layers.js';

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'data', 'node_modules', 'coverage', 'tests/bench/reports', '**/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The build ships on preact/compat (README, "UI runtime"), which lacks React 19's newest APIs.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['use', 'useActionState', 'useOptimistic', 'cache', 'unstable_Activity'],
              message: 'Not provided by preact/compat, which the app ships on (README, "UI runtime").',
            },
            {
              name: 'react-dom',
              importNames: [
                'useFormStatus',
                'useFormState',
                'preload',
                'preinit',
                'prefetchDNS',
                'preconnect',
              ],
              message: 'Not provided by preact/compat, which the app ships on (README, "UI runtime").',
            },
          ],
        },
      ],
    },
  },
  ...layers,
  prettier,
);
