import { MAX_LOADED_ROWS } from '@waybill/contracts';

/** Every option `waybill` knows, as util.parseArgs reads them. */
export const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  table: { type: 'boolean' },
  fields: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  url: { type: 'string' },
  token: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  late: { type: 'boolean' },
  courier: { type: 'string', multiple: true },
  'status-group': { type: 'string', multiple: true },
  reference: { type: 'string' },
  active: { type: 'string' },
  out: { type: 'string' },
} as const;

export type OptionName = keyof typeof OPTIONS;

export interface OptionHelp {
  value?: string;
  text: string;
}

/** What `--help` says of each option: its value's name (none for a switch) and its meaning. */
export const OPTION_HELP: Record<OptionName, OptionHelp> = {
  help: { text: 'show this help' },
  version: { text: "print waybill's version" },
  json: { text: 'print JSON (the default)' },
  table: { text: 'print a table' },
  fields: { value: 'a,b.c', text: 'print only these fields of each item (dotted paths reach inside)' },
  limit: {
    value: 'N',
    text: `print the first N items (default 20, at most ${MAX_LOADED_ROWS}), read page by page`,
  },
  all: { text: `print every item, read page by page (refused when more than ${MAX_LOADED_ROWS} match)` },
  url: { value: 'URL', text: 'the gateway (default $WAYBILL_URL, else the stored one)' },
  token: {
    value: 'T',
    text: "a script token from the console's /me page (default $WAYBILL_TOKEN, else the stored session)",
  },
  email: { value: 'E', text: 'the e-mail to sign in with (else asked)' },
  password: { value: 'P', text: 'the password (else asked, or the next line of stdin when piped)' },
  late: { text: "the console's late mode" },
  courier: { value: 'KEY', text: 'a courier key (repeatable); cargus_ro also matches urgent_cargus' },
  'status-group': { value: 'ID', text: "one of the console's status groups (repeatable)" },
  reference: { value: 'REF', text: 'orders whose reference matches' },
  active: { value: 'all|active|snoozed', text: 'which orders (default active)' },
  out: { value: 'FILE', text: 'where to write the .xlsx (default <reception>.xlsx)' },
};

/** Printing options every command that prints takes. */
const OUTPUT: OptionName[] = ['json', 'table', 'fields'];
/** Paging options of list commands. */
const LIST: OptionName[] = ['limit', 'all'];
/** Which gateway and credential a command uses instead of the stored session. */
const SESSION: OptionName[] = ['url', 'token'];

export interface CommandSpec {
  /** The words naming it: `orders search`. */
  name: string;
  /** Its positional arguments, as help shows them. */
  args: string[];
  summary: string;
  options: OptionName[];
  /** What its help says of an option that means something else for it than OPTION_HELP says. */
  optionHelp?: Partial<Record<OptionName, OptionHelp>>;
  /** Said in its help after the options. */
  note?: string;
}

export const COMMANDS: CommandSpec[] = [
  {
    name: 'login',
    args: [],
    summary: 'sign in (password, or --token) and store the session',
    options: ['url', 'email', 'password', 'token', ...OUTPUT],
    optionHelp: {
      url: { value: 'URL', text: 'the gateway (default $WAYBILL_URL, else asked)' },
      token: {
        value: 'T',
        text: "store this script token from the console's /me page instead of a password ($WAYBILL_TOKEN is not read)",
      },
    },
  },
  {
    name: 'logout',
    args: [],
    summary: 'end the stored session (or the one of --token)',
    options: [...SESSION, ...OUTPUT],
    optionHelp: {
      token: {
        value: 'T',
        text: 'end this session instead of the stored one; a script token is revoked ($WAYBILL_TOKEN is not read)',
      },
    },
  },
  {
    name: 'orders search',
    args: [],
    summary: "orders matching the console's filter",
    options: ['late', 'courier', 'status-group', 'reference', 'active', ...LIST, ...SESSION, ...OUTPUT],
    note: 'Pages are read one after another while orders keep changing: an order that changes meanwhile may\nmove between pages (each order is printed once, but one may be missed).',
  },
  {
    name: 'orders watch',
    args: [],
    summary: 'stream changes of the matching orders as JSON lines, until stopped',
    options: ['late', 'courier', 'status-group', 'reference', 'active', 'limit', ...SESSION],
    optionHelp: {
      limit: { value: 'N', text: 'follow the first N matching orders live (default and most 100)' },
    },
    note: [
      "Each line's change: added (now among the first N), changed (status or updated_at moved),",
      'removed (left the matching orders), moved-out (still matches, pushed out of the first N).',
      'A line on stderr says when live updates pause (backend or gateway away) and resume.',
    ].join('\n'),
  },
  {
    name: 'orders comment',
    args: ['<reference>', '<text>'],
    summary: 'add a comment to the order with that reference',
    options: [...SESSION, ...OUTPUT],
    note: `A comment starting with '-' goes after '--', options before it:\n  waybill orders comment -- WB1001 "-5 items missing"`,
  },
  {
    name: 'inbounds export',
    args: ['<reception>'],
    summary: 'export the inbound with that reception to .xlsx',
    options: ['out', ...SESSION, ...OUTPUT],
  },
  {
    name: 'clients health',
    args: [],
    summary: 'stores needing attention, with their reasons (exit code 6 when any)',
    options: [...SESSION, ...OUTPUT],
  },
  {
    name: 'completion',
    args: ['bash|zsh|fish'],
    summary: 'print a shell completion script',
    options: [],
  },
];

/** Options every command takes besides its own. */
export const COMMON_OPTIONS: OptionName[] = ['help'];

export function findCommand(words: string[]): CommandSpec | undefined {
  return COMMANDS.find((c) => {
    const name = c.name.split(' ');
    return name.every((w, i) => words[i] === w);
  });
}
