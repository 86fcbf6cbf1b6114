// ESLint (flat config), part of `npm test`: typescript-eslint's recommended rules for every
// TypeScript file, React's hooks rules for the renderer. Type checking itself is tsc's (npm run build).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'test-results/**', 'playwright-report/**', 'node_modules/**', '**/*.d.ts'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are tsc's (noUnusedLocals, noUnusedParameters); `_` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // NestJS and TypeORM declare classes whose only members are decorators.
      '@typescript-eslint/no-extraneous-class': 'off',
      // A `let` assigned once after a closure that reads it was made (a callback set up before the value exists).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read JSON replies whose shape is what they assert: `any` there is the reply, not a gap.
    files: ['**/*.test.ts', 'server/test/**/*.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
