// ESLint (flat config): the recommended rules for every JavaScript file of the repository, with the globals of
// the environment each one runs in. `npm run lint` runs it; `python3 build.py test` runs `npm run check`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "dist/", "build/", "test-artifacts/", ".venv/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      // `_name` marks a parameter a callback's signature requires but the body does not use.
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "all", caughtErrorsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  // The page's modules, the embeddable client and the example page run in a window.
  {
    files: ["web/js/**/*.js", "web/paili.mjs", "examples/**/*.js"],
    ignores: ["web/js/worker.js", "web/js/snapshot.js"],
    languageOptions: { globals: globals.browser },
  },
  // The engine's module worker, the bench page's bare one and the browser tests' recorded one.
  { files: ["web/js/worker.js", "web/js/snapshot.js", "tests/bench/pages/*.js", "tests/browser/*.js"], languageOptions: { globals: globals.worker } },
  // The service worker is a classic script (registered without type: "module").
  { files: ["web/sw.js"], languageOptions: { sourceType: "script", globals: globals.serviceworker } },
  // Build tools, configuration and the unit tests run in Node.
  { files: ["tools/**/*.mjs", "tests/js/**/*.js", "*.js", "*.mjs"], languageOptions: { globals: globals.node } },
];
