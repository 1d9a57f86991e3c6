import { parseArgs } from 'node:util';
import { findCommand, OPTIONS, type OptionName } from './commands.js';
import { usageError } from './errors.js';

/** The command line as util.parseArgs reads it; an unknown option is a wrong command line. */
export function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's hint about '--' names only the option's first letters: ours shows the whole command.
    const message = (error as Error).message.split('. To specify a positional')[0] ?? '';
    throw usageError(`${message} (${dashHint(argv, message) ?? 'see `waybill --help`'})`);
  }
}

/** A word as a shell would need it typed. */
function shellWord(word: string): string {
  return /^[\w.,:/@%+=-]+$/.test(word) ? word : JSON.stringify(word);
}

/**
 * For a command taking text (`orders comment REF "-5 items missing"`): an unknown option that is
 * really an argument starting with '-', and the command line that passes it. Undefined otherwise.
 */
function dashHint(argv: string[], message: string): string | undefined {
  const option = /Unknown option '(-[^-'][^']*)'/.exec(message)?.[1];
  const spec = findCommand(argv.filter((a) => !a.startsWith('-')));
  if (!spec?.args.length || option === undefined) return undefined;
  const args: string[] = [];
  for (let i = spec.name.split(' ').length; i < argv.length; i++) {
    const word = argv[i]!;
    const name = word.startsWith('--') ? (word.slice(2).split('=')[0] as OptionName) : undefined;
    // A string option's value is the next word: no argument.
    if (name && OPTIONS[name]?.type === 'string' && !word.includes('=')) i++;
    else if (!word.startsWith('-') || word.startsWith(option)) args.push(shellWord(word));
  }
  const what = spec.name === 'orders comment' ? 'a comment' : 'an argument';
  return `${what} starting with '-' goes after '--': waybill ${spec.name} -- ${args.join(' ')}`;
}
