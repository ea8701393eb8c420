// `npm run lint` runs this after ESLint. ESLint's cycle rule (import-x/no-cycle) passes over
// imports of types alone, and a type-only cycle is still two modules that cannot be read
// apart; dependency-cruiser counts them (tsPreCompilationDeps).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "A cycle, of values or of types, makes two modules one: split out what both need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-the-floor",
      severity: "error",
      comment: "src/lib is what every domain builds on; it imports no domain and not the server.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(modules|server|pages|components|layouts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.astro|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
