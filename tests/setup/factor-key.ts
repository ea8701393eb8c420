// Authenticator secrets are sealed with this key rather than one a test would make under
// DATA_DIR. Set on the process's own environment: vitest's `env` option hands each file a
// copy of it instead, and what a test then sets there (TMPDIR) never reaches `os.tmpdir()`.
process.env.FACTOR_KEY ??= "dGVzdHMtb25seS1mYWN0b3Ita2V5LW5vdC1zZWNyZXQ";
