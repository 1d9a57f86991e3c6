import { parseArgs } from 'node:util';
import { findCommand, OPTIONS, type OptionName } from './commands.js';
import { usageError } from './errors.js';

/** The command line as util.parseArgs reads it; an unknown option is a wrong command line. */
export function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Failures are one line: Node's hints run over several, and the one about '--' names only the
    // option's first letters (ours shows the whole command).
    const [first = ''] = (error as Error).message.split('\n');
    const message = first.split('. To specify a positional')[0]!.replace(/\.$/, '');
    const seeHelp = [valueHint(message), 'see `waybill --help`'].filter(Boolean).join('; ');
    throw usageError(`${message} (${dashHint(argv, message) ?? seeHelp})`);
  }
}

/** For an option whose value starts with '-' (`--limit -1`): how to give such a value. */
function valueHint(message: string): string | undefined {
  const option = /^Option '(--[^' ]+)' argument is ambiguous/.exec(message)?.[1];
  return option && `a value starting with '-' is given as ${option}=VALUE`;
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
