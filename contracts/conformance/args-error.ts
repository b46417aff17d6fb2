/**
 * Node's parseArgs errors in the words of a command without positional
 * arguments: its own message for an unknown option talks of positionals.
 * Shared with the mock's CLI (the kit imports nothing from the mock, not the other way),
 * which imports this module alone: a module without the kit's dependencies.
 */
export function describeArgsError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'([^']+)'/.exec(message ?? '')?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const flag = option.split(' ')[0];
    if (/ambiguous/.test(message ?? '')) return `${flag} needs a value; one that starts with "-" is written ${flag}=-…`;
    if (/argument missing/.test(message ?? '')) return `${flag} needs a value`;
  }
  return message ?? String(error);
}
