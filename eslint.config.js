import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import astro from "eslint-plugin-astro";
import { importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: [
      "dist/",
      ".astro/",
      "data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
      ".dependency-cruiser.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Destructuring a column away to leave it out of a select is deliberate.
      "@typescript-eslint/no-unused-vars": ["error", { varsIgnorePattern: "^_", argsIgnorePattern: "^_" }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
    },
  },
  {
    // A cycle makes load order decide which import is still undefined, so none may exist.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".astro"],
      // No parser is named for .astro: import-x require()s parsers and astro-eslint-parser is
      // ESM only. An .astro file's imports of other .astro files are read with its own parser.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Resolves the @/ alias as tsconfig.json's paths do.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  ...astro.configs.recommended,
  {
    files: ["**/*.astro"],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Browser code must never pull in server modules (STYLE.md habit 2).
    files: ["src/**/islands/**", "src/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/*.server", "**/*.server.ts"], message: "Server-only module." }] },
      ],
    },
  },
  {
    // The database is the foundation: the app builds on it, never the other way round.
    files: ["db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^@/|(^|/)src(/|$)", message: "db/ imports nothing from src/." }] },
      ],
    },
  },
);
