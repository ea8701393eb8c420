/** Say why the site cannot start, plainly and without a stack trace, and end. */
export function fail(message: string): never {
  console.error(`\n  ${message.replaceAll("\n", "\n  ")}\n`);
  process.exit(1);
}
