// The JS lint (`cargo xtask lint`, part of `cargo xtask test`). ESLint and its `globals` table are
// installed with the other npm test tools in tests/node_modules, so the repository root has no
// node_modules of its own.
//
// The extension's files are classic scripts that share one global scope per context (the
// background's importScripts, the content scripts' list, a page's <script> tags, the kernel's
// concatenation): a name one file defines and another uses is declared in the user's
// `/* global … */` header, and `no-undef` holds every file to its header.
import js from './tests/node_modules/@eslint/js/src/index.js';
import globals from './tests/node_modules/globals/index.js';
import capturedCalls from './tools/eslint/captured-calls.mjs';

const paranoid = { rules: { 'captured-calls': capturedCalls } };

const classic = {
  sourceType: 'script',
  ecmaVersion: 'latest',
};

export default [
  {
    // Generated, or not ours: test data the sandbox runs (probes, corpora, demo scripts are
    // inputs, deliberately hostile or odd) and the build's output.
    ignores: [
      'target/**', 'dist/**', '**/node_modules/**', 'rust-core/fuzz/**',
      'sandbox-page/policy.js', 'sandbox-page/kernel.js',
      'tests/escapes/**', 'tests/page-attacks/**', 'tests/host-limits/**', 'tests/fidelity/**',
      'tests/bench/workloads/**', 'tests/userscript-corpus/**', 'rust-core/tests/**/*.js', 'demo/*.js', 'examples/**',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      'no-redeclare': ['error', { builtinGlobals: true }],
      'no-unused-vars': ['error', { vars: 'local', args: 'none', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Control characters in our regexes are there on purpose: they find text to refuse.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['background/**/*.js', 'shared/**/*.js', 'test-build/background/**/*.js'],
    languageOptions: { ...classic, globals: { ...globals.serviceworker, ...globals.browser, ...globals.webextensions } },
  },
  {
    files: ['content/**/*.js', 'ui/**/*.js', 'test-build/content/**/*.js'],
    languageOptions: { ...classic, globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    // One name for the extension API object everywhere (shared/extension-api.js declares it);
    // the offscreen clipboard page is Chrome's alone.
    files: ['background/**/*.js', 'shared/**/*.js', 'content/**/*.js', 'ui/**/*.js', 'test-build/**/*.js'],
    ignores: ['shared/extension-api.js', 'background/clipboard-page.js'],
    rules: {
      'no-restricted-globals': ['error', ...['browser', 'chrome'].map((name) => ({ name, message: 'use paranoidExtension (shared/extension-api.js)' }))],
      'no-restricted-properties': ['error', ...['browser', 'chrome'].map((property) => ({ object: 'globalThis', property, message: 'use paranoidExtension (shared/extension-api.js)' }))],
    },
  },
  {
    // Pages: the sandbox frame, and the test and demo pages the harnesses serve.
    files: ['sandbox-page/*.js', 'tests/harness/*.js', 'tests/bench/page/*.js', 'demo/page/*.js'],
    languageOptions: { ...classic, globals: { ...globals.browser } },
  },
  {
    files: ['tests/bench/page/peer-worker.js'],
    languageOptions: { ...classic, globals: { ...globals.worker } },
  },
  {
    // The demo's widgets are page scripts the sandbox runs: the sandbox's own `paranoid` object
    // and what the page can name, to show what each widget may use.
    files: ['demo/page/widgets/*.js'],
    languageOptions: { ...classic, globals: { ...globals.browser, paranoid: 'readonly' } },
  },
  {
    // The kernel runs in a worker; its files are concatenated into one function, so each sees
    // only the worker's globals and what its header names.
    files: ['sandbox-page/kernel/**/*.js', 'test-build/sandbox-page/kernel/**/*.js'],
    languageOptions: { ...classic, globals: { ...globals.worker } },
    plugins: { paranoid },
    rules: {
      // Records the kernel builds and never hands out, so each name resolves to the kernel's own
      // function: `c` (commons), `hooks` (the callbacks a taming gets from the kernel), `e` (a
      // wasm instance's exports, which the JS API makes a frozen object with a null prototype),
      // and the frozen null-prototype records `clock`, `core`, `sandbox` and main.js's `turns`,
      // `loader`, `text`, `sandboxConsole`, `report`, `functionCache`, `sourceTexts`.
      'paranoid/captured-calls': ['error', {
        records: ['hooks', 'e', 'clock', 'core', 'sandbox', 'turns', 'loader', 'text', 'sandboxConsole', 'report', 'functionCache', 'sourceTexts'],
      }],
    },
  },
  {
    // commons.js is the capture itself: it runs once, at boot, before any untrusted code.
    files: ['sandbox-page/kernel/commons.js'],
    rules: { 'paranoid/captured-calls': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', ecmaVersion: 'latest', globals: { ...globals.node } },
  },
];
