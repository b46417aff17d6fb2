/**
 * The command line: `voice-config-mock [command] [flags]`. Each command is a
 * module of its own in `commands/` (its `run` takes the arguments after the
 * command's name and resolves its exit code), loaded only when it runs: in
 * the built command each is a bundle of its own (src/cli/launch/), so help,
 * --version and `verify` never load the mock's server, and `serve` never
 * loads the kit. A new command is a file in `commands/` and its name below.
 */

import { ownVersion } from './terminal.js';
import { fail, parseServeArgs, usage } from './usage.js';

/** The commands, by the name typed; `serve` runs when none is named. */
export const commandNames = ['serve', 'verify', 'explore', 'pact-verify'] as const;
export type CommandName = (typeof commandNames)[number];

export interface CommandModule {
  /** Runs the command on the arguments after its name; resolves its exit code (undefined: leave it as it is). */
  run(argv: string[]): Promise<number | undefined>;
}

export type LoadCommand = (name: CommandName) => CommandModule | Promise<CommandModule>;

/** tsc's output, one module per file; the specifier is built at run time, so a bundler leaves the commands out of the launcher. */
const importCommand: LoadCommand = (name) => {
  const specifier = new URL(`./commands/${name}.js`, import.meta.url).href;
  return import(specifier) as Promise<CommandModule>;
};

const isCommand = (word: string | undefined): word is CommandName => commandNames.includes(word as CommandName);

export async function main(argv: string[], load: LoadCommand = importCommand): Promise<void> {
  const [first] = argv;
  if (first !== 'serve' && isCommand(first)) {
    const code = await (await load(first)).run(argv.slice(1));
    if (code !== undefined) process.exitCode = code;
    return;
  }
  // Help, the version and an unknown command are answered here; a flag Node cannot parse is worded by serve.
  let parsed: ReturnType<typeof parseServeArgs> | undefined;
  try {
    parsed = parseServeArgs(argv);
  } catch {
    parsed = undefined;
  }
  if (parsed) {
    const { values, positionals } = parsed;
    if (values.help || positionals[0] === 'help') {
      process.stdout.write(usage);
      return;
    }
    if (values.version) {
      process.stdout.write(`${ownVersion()}\n`);
      return;
    }
    const command = positionals[0] ?? 'serve';
    // `npm start 5113` and `npm start --port 5113` (npm keeps --port for itself) both arrive as a bare number.
    if (/^\d+$/.test(command))
      fail(`unknown command "${command}"; did you mean \`npm start -- --port ${command}\`? (npm passes flags on only after --)`);
    if (command !== 'serve')
      fail(
        `unknown command "${command}"; the commands are ${commandNames.map((name) => (name === 'serve' ? 'serve (the default)' : name)).join(', ')} and help`,
      );
  }
  await (await load('serve')).run(argv);
}
