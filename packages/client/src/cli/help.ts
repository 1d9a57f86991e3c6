import { COMMANDS, COMMON_OPTIONS, type CommandSpec, OPTION_HELP, type OptionName } from './commands.js';
import { EXIT } from './exit-codes.js';

function optionLine(name: OptionName, spec?: CommandSpec): [string, string] {
  const { value, text } = spec?.optionHelp?.[name] ?? OPTION_HELP[name];
  return [`--${name}${value ? ` ${value}` : ''}`, text];
}

function columns(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

function usageLine(spec: CommandSpec): string {
  return ['waybill', spec.name, ...spec.args, spec.options.length ? '[options]' : '']
    .filter(Boolean)
    .join(' ');
}

const EXIT_HELP: [string, string][] = [
  [String(EXIT.ok), 'done'],
  [String(EXIT.failure), 'any other failure'],
  [String(EXIT.usage), 'wrong command line (or input the gateway refused as invalid)'],
  [String(EXIT.auth), 'not signed in, session ended, or not allowed'],
  [String(EXIT.notFound), 'nothing has that reference / reception'],
  [
    String(EXIT.backendUnavailable),
    'gateway or backend unreachable, overloaded or timing out; an export lost or a download cut: try again',
  ],
  [String(EXIT.problemsFound), 'a check found problems (clients health)'],
];

/** `waybill --help`: every command, the printing options and the exit codes. */
export function generalHelp(): string {
  return [
    'Usage: waybill <command> [options]',
    '',
    'Commands:',
    columns(COMMANDS.map((c) => [[c.name, ...c.args].join(' '), c.summary])),
    '',
    'Options of every command that prints (JSON on stdout by default):',
    columns((['json', 'table', 'fields'] as OptionName[]).map((name) => optionLine(name))),
    '',
    columns((['version', 'help'] as OptionName[]).map((name) => optionLine(name))),
    '',
    'Exit codes:',
    columns(EXIT_HELP),
    '',
    'Run `waybill <command> --help` for its options.',
  ].join('\n');
}

/** `waybill orders --help`: the commands of one group. */
export function groupHelp(group: string): string | undefined {
  const members = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  if (members.length === 0) return undefined;
  return [
    `Usage: waybill ${group} <command> [options]`,
    '',
    'Commands:',
    columns(members.map((c) => [[c.name, ...c.args].join(' '), c.summary])),
    '',
    `Run \`waybill ${group} <command> --help\` for its options.`,
  ].join('\n');
}

/** `waybill orders search --help`: one command's usage and options. */
export function commandHelp(spec: CommandSpec): string {
  return [
    `Usage: ${usageLine(spec)}`,
    '',
    `${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`,
    '',
    'Options:',
    columns([...spec.options, ...COMMON_OPTIONS].map((name) => optionLine(name, spec))),
    ...(spec.note ? ['', spec.note] : []),
  ].join('\n');
}

export function usageOf(spec: CommandSpec): string {
  return `Usage: ${usageLine(spec)} (see \`waybill ${spec.name} --help\`)`;
}
