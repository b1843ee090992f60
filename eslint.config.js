import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { folioArchitecture } from './scripts/eslint-folio-architecture.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'libs/db/src/generated/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { folio: folioArchitecture },
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
      // Constructor-injected classes are runtime values under decorator metadata, not type-only imports.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'folio/layers': 'error',
    },
  },
);
