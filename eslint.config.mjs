// ESLint flat config: typescript-eslint's type-checked rules on the TypeScript packages, the plain recommended rules
// on the .mjs tools, and an import rule that fails on a package importing what its package.json does not declare.
// Formatting is Prettier's job (.prettierrc.json); nothing here checks layout.
//
//   npm run lint            every project through Nx (cached)
//   npx eslint packages/cli one folder
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'demo-out/**', 'out/**', 'tools/eval-dehyphen/latex/**'] },
  js.configs.recommended,
  // The text pipeline matches control characters on purpose (pdf.js emits them in broken layers; ANSI colours in logs).
  { rules: { 'no-control-regex': 'off' } },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Unused names are errors, except those deliberately marked with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Promises handed to an event emitter or a port are the classic lost rejection; keep the check on arguments.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: true, attributes: false } }],
      // pdf.js and tesseract.js are typed loosely; where their `any` flows through we do not re-type every access.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // node:test's `test()`, `it()`, `describe()` return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }] },
      ],
      // Template literals with numbers are how every note and message is written.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    // Test doubles implement async interfaces with synchronous bodies; that is what they are for.
    files: ['**/test/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    // The review page's script runs in a browser.
    files: ['packages/report/assets/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },
  {
    // What a browser runs: the one-call package (its plugins have browser builds through their `#platform` import),
    // the plugins' browser platform files, the web page. packages/web's build also fails on any `node:` import that
    // reaches the page through a pdftriage package.
    files: [
      'packages/pdftriage/src/**/*.ts',
      'packages/preset-default/src/**/*.ts',
      'packages/*/src/**/platform.browser.ts',
      'packages/core/src/browser.ts',
      'packages/web/src/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^node:', message: 'no Node module on the browser path' }] }] },
  },
  {
    // Core names no plugin package: the built-in configuration (default plugins and writers, the built-in list) is
    // @pdftriage/preset-default's, passed in by core's callers.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^@pdftriage.(?!core)/]', message: "core names no plugin package: it is the preset's (@pdftriage/preset-default)" },
      ],
    },
  },
  {
    // What a browser bundle takes in: the unpdf extractor's browser entry and the pdf.js engine it shares with
    // extract-pdfjs (packages/extract-unpdf/test/browser-entry.test.ts walks the built graph as well).
    files: ['packages/extract-unpdf/src/{browser,options,plugin}.ts', 'packages/extract-pdfjs/src/!(pdfjs-loader|sync-inflate|pdfjs-extractor|index).ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'no Node module in code a browser bundle takes in' },
            { regex: '^@napi-rs/', message: 'no native canvas in code a browser bundle takes in: the runtime gives its canvas' },
          ],
        },
      ],
    },
  },
  {
    // Every import of a package must be declared in the nearest package.json: dependencies or peerDependencies for
    // src, devDependencies too for tests and scripts. Hoisting makes an undeclared import work here and fail for a
    // user who installs the package alone.
    files: ['packages/*/src/**/*.ts', 'tools/fixtures/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: false, peerDependencies: true, optionalDependencies: false }],
    },
  },
  {
    files: ['packages/*/test/**/*.ts', 'packages/*/scripts/**/*.mjs', 'tools/**/*.mjs', 'tools/fixtures/test/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, peerDependencies: true }] },
  },
)
