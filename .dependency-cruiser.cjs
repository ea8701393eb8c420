// `npm run lint` runs this after ESLint. ESLint's cycle rule (import-x/no-cycle) passes over
// imports of types alone, and a type-only cycle is still two modules that cannot be read
// apart; dependency-cruiser counts them (tsPreCompilationDeps).
//
// The floors (docs/architecture.md): db → src/lib → the domains (src/modules) → src/server,
// the pages and the middleware; src/components and src/layouts draw with what is below
// them. Nothing imports a floor above its own.
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
      name: "no-folder-cycle",
      severity: "error",
      scope: "folder",
      comment: "Two folders that import each other are one thing in two places: move what both need to the lower one.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "lib-is-the-floor",
      severity: "error",
      comment: "src/lib is what every domain builds on; it imports no domain and not the server.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(modules|server|pages|components|layouts)/" },
    },
    {
      name: "server-is-the-top",
      severity: "error",
      comment:
        "src/server wires the process and serves it: what it fills (the database, the publisher, the queue) is held below, and nothing below reaches up for it.",
      from: { path: "^src/(lib|modules|components|layouts)/" },
      to: { path: "^src/(server|pages)/|^src/middleware\\.ts$" },
    },
    {
      name: "components-are-domain-free",
      severity: "error",
      comment: "src/components draws what any screen may use; what belongs to one domain lives in its module.",
      from: { path: "^src/components/" },
      to: { path: "^src/(modules|layouts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // A test reaches into what it tests and into tests/setup, whatever its floor: the floors are the product's.
    exclude: { path: "^(dist|\\.astro|node_modules)/|\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
