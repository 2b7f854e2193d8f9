// typescript-eslint's recommended rules over every TypeScript folder of the product. Not
// type-aware: the type checker (`npm run typecheck`) already runs in CI, and type-aware linting
// doubles the time on the 2-core machines. Errors fail `npm run lint`; warnings are shown only.
import js from '@eslint/js';
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
);
