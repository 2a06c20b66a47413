// ESLint flat config. `npm run lint` (cache in node_modules/.cache/eslint).
// Recommended sets only, and no type-aware rules: they need the whole program and are slow on 2 cores;
// `npm run typecheck` (tsc, strict) already covers types.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "build/",
    "node_modules/",
    "app/db/migrations/",
    ".react-router/",
    "data/",
    "bench-results/",
    "test-results/",
    "playwright-report/",
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    // The app renders on the server and in the browser; scripts, tests and the server entry run on Node.
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "warn" },
  },

  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // Unused code is reported by tsc (noUnusedLocals); here only the leftovers tsc does not see
      // (unused parameters, caught errors), with the usual "_" escape hatch.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },

  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // We do not run the React Compiler, so "the compiler could not keep this useMemo" is not a problem.
      "react-hooks/preserve-manual-memoization": "off",
      // setState in an effect that reacts to a fetcher's answer is a smell (derive it instead), not a bug.
      "react-hooks/set-state-in-effect": "warn",
    },
  },

  {
    // Upstream false positive (react/react#35575): a prop named `…Ref` taints the whole `props` object, so every
    // `props.x` in DecisionForm is reported. Destructuring the props fixes it; then delete this block.
    files: ["app/features/admin/routes/order-review.tsx"],
    rules: { "react-hooks/refs": "off" },
  },

  {
    // Playwright fixtures must destructure their first argument, even when they use nothing from it: `async ({}, use) => …`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
]);
