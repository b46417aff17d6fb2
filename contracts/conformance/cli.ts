/** `voice-config-mock verify`: checks a running implementation of the API against the spec. */
export async function runVerifyCommand(argv: string[]): Promise<number> {
  process.stderr.write(`voice-config-mock verify: not available yet (${argv.length} arguments ignored)\n`);
  return 2;
}
