// ESLint 9 flat config for the page's JavaScript (run by tools/test_all.py: npx eslint).
// The recommended rules plus a few that catch real bugs rather than style.

import js from "@eslint/js";
import globals from "globals";

const bugs = {
  "array-callback-return": "error",          // a map/filter/find callback that forgets to return
  "no-constant-binary-expression": "error",  // a ?? b where a can never be null, and the like
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "error",    // "${x}" written in plain quotes
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
  "no-shadow": ["error", { builtinGlobals: false }],
  "no-var": "error",
  "prefer-const": "error",
  "eqeqeq": ["error", "always"],
  "no-implicit-globals": "error",
  "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none",
    ignoreRestSiblings: true }],
  "require-atomic-updates": "off",           // many false positives around awaits of our own
};

export default [
  { ignores: ["node_modules/", "dist/", ".dist-*/", ".cache/", ".venv/", "bench/", "e2e/artifacts/"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: bugs,
  },
  {
    // The solver's worker and the service worker run outside a window.
    files: ["static/js/solver-worker.js", "static/pwa/**/*.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    // The worker's run loop waits for `newest`, which its message handler sets during the
    // loop's await: the rule cannot see a change made across an await.
    files: ["static/js/solver-worker.js"],
    rules: { "no-unmodified-loop-condition": "off" },
  },
  {
    files: ["tests/js/**/*.mjs", "tools/**/*.mjs", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: bugs,
  },
];
