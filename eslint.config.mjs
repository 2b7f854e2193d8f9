// typescript-eslint's recommended rules over every TypeScript folder of the product, and two
// type-aware rules: a promise nobody awaits is work lost when a Lambda instance freezes after its
// answer, or an error nobody sees in the SPA (`no-floating-promises`), and an async function passed
// where a callback's result is ignored is the same mistake one step removed (`no-misused-promises`).
// The rest of the type-checked set is not on: the type checker (`npm run typecheck`) runs in CI,
// and each type-aware rule costs the lint a type-checked program. The SPA also gets React's two
// hooks rules: a hook called conditionally reads another hook's state (`rules-of-hooks`), and an
// effect or memo that misses a value it reads keeps a stale one (`exhaustive-deps`). Errors fail
// `npm run lint`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.data/', 'test-results/', 'coverage/'] },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'web/src/**/*.{ts,tsx}', 'test/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      // `const { pk: _pk, ...rest } = item` is how the code drops a property from a copy
      // (functions/data/db.ts, the views): a leading underscore says "deliberately unused".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'web/src/**/*.{ts,tsx}', 'test/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
