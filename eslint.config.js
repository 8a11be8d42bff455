import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { layers } from './scripts/lint/layers.js';

const HAN_MESSAGE =
  'Chinese UI text belongs in the contract (src/contract/messages/, grouped by screen): import it from there.';

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.scratch',
      'dev-dist',
      'data',
      'node_modules',
      'coverage',
      'tests/bench/reports',
      '**/*.gen.ts',
    ],
  },
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
  {
    // Every user-facing string lives in the contract's message modules (issue 14): a Han character in
    // a code literal of the app or of the code it shares with its worker is UI text typed inline.
    files: ['src/app/**/*.{ts,tsx}', 'src/client/**/*.ts', 'sw/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]/]',
          message: HAN_MESSAGE,
        },
        {
          selector: 'Literal[regex.pattern=/[\\u3400-\\u9fff]/]',
          message: HAN_MESSAGE,
        },
        {
          selector: 'TemplateElement[value.raw=/[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]/]',
          message: HAN_MESSAGE,
        },
        {
          selector: 'JSXText[value=/[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]/]',
          message: HAN_MESSAGE,
        },
      ],
    },
  },
  ...layers,
  prettier,
);
