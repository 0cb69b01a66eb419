import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'screenshots/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The web reads BUSINESS_TZ from GET /api/config (lib/business-time.ts): no zone literal, and none of the
    // domain's date helpers whose zone defaults to it; tests may fix a zone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/business-time.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@airlink/domain',
              importNames: [
                'DEFAULT_BUSINESS_TZ',
                'formatDate',
                'formatTime',
                'formatDateTime',
                'businessDate',
                'toInstant',
              ],
              message: 'Use lib/business-time (the business time zone read from GET /api/config).',
            },
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Import z from '@airlink/domain': it carries the Spanish messages.",
            },
            {
              name: 'notistack',
              allowTypeImports: true,
              message: 'Use lib/toast: notistack loads after the first screen, with app/toaster.tsx.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value='America/Mexico_City']",
          message: 'The web never writes the business time zone: use businessTz() from lib/business-time.',
        },
      ],
    },
  },
  {
    // Web tests share one wait limit (src/test/setup.ts) and one test limit (vite.config.ts): a shorter limit of
    // a test's own failed on a busy machine without any fault.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='timeout']",
          message: 'No wait limit of its own: the shared one (src/test/setup.ts) catches what never appears.',
        },
        {
          selector: "Property[key.name='asyncUtilTimeout']",
          message: 'The wait limit is set once, in src/test/setup.ts.',
        },
        {
          selector: 'CallExpression[callee.name=/^(it|test)$/][arguments.length=3]',
          message: 'No test limit of its own: the shared one (vite.config.ts) catches a hang, not a busy machine.',
        },
      ],
    },
  },
  {
    // The server's test files share one module graph per vitest worker (vitest.config.ts, isolate: false): a module
    // mock would leak into the files that run after it in that worker.
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message:
            'Server tests share their modules within a worker: no module mocks or global stubs (use a fake on loopback or an injected dependency).',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
