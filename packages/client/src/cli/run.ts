import { parseArgs } from 'node:util';
import { login, logout, sessionClient } from './auth-commands.js';
import { storesNeedingAttention } from './clients-commands.js';
import { loadSession } from './config-file.js';
import { CliError, describeError } from './errors.js';
import { exportInbound } from './inbounds-commands.js';
import { commentOrder, orderRow, searchOrders } from './orders-commands.js';
import { print } from './output.js';

const USAGE = `Usage: waybill <command> [options]   (JSON on stdout; --table for a table)

  login [--url URL] [--email E] [--password P]   sign in and store the session (password from stdin when piped)
  logout                                           end the stored session
  orders search [--late] [--courier KEY]... [--status-group ID]... [--reference REF]
                [--active all|active|snoozed] [--limit N<=100]
  orders comment <reference> <text>                add a comment to the order with that reference
  inbounds export <reception> [--out FILE]         export an inbound to .xlsx (default <reception>.xlsx)
  clients health                                   connected stores whose orders fell by half or stopped`;

const OPTIONS = {
  table: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  url: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  late: { type: 'boolean' },
  courier: { type: 'string', multiple: true },
  'status-group': { type: 'string', multiple: true },
  reference: { type: 'string' },
  active: { type: 'string' },
  limit: { type: 'string' },
  out: { type: 'string' },
} as const;

/** Which options each command takes (beyond --table and --help). */
const ACCEPTS: Record<string, (keyof typeof OPTIONS)[]> = {
  login: ['url', 'email', 'password'],
  logout: [],
  'orders search': ['late', 'courier', 'status-group', 'reference', 'active', 'limit'],
  'orders comment': [],
  'inbounds export': ['out'],
  'clients health': [],
};

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function dispatch(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const [group, action, ...rest] = positionals;
  const command = group === 'login' || group === 'logout' ? group : `${group ?? ''} ${action ?? ''}`.trim();
  if (values.help || !group) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const accepts = ACCEPTS[command];
  if (!accepts) throw new CliError(`Unknown command "${positionals.join(' ')}"\n\n${USAGE}`);
  const extra = Object.keys(values).filter(
    (k) => k !== 'table' && k !== 'help' && !accepts.includes(k as keyof typeof OPTIONS),
  );
  if (extra.length) throw new CliError(`waybill ${command} does not take --${extra.join(', --')}`);
  const table = values.table === true;
  const args = command === 'login' || command === 'logout' ? [action, ...rest].filter(Boolean) : rest;

  const expect = (count: number, names: string) => {
    if (args.length !== count) throw new CliError(`Usage: waybill ${command} ${names}`);
  };

  switch (command) {
    case 'login': {
      expect(0, '[--url URL] [--email E] [--password P]');
      const result = await login(values);
      return print([result], table, result);
    }
    case 'logout': {
      expect(0, '');
      const result = await logout();
      return print([result], table, result);
    }
    case 'orders search': {
      expect(0, '[flags]');
      const { client } = await sessionClient();
      const orders = await searchOrders(client, { ...values, statusGroup: values['status-group'] });
      return table ? print(orders.map(orderRow), true) : print([], false, orders);
    }
    case 'orders comment': {
      expect(2, '<reference> <text>');
      const { client } = await sessionClient();
      const result = await commentOrder(client, args[0]!, args[1]!);
      return print([{ reference: result.reference, orderUid: result.orderUid }], table, result);
    }
    case 'inbounds export': {
      expect(1, '<reception> [--out FILE]');
      const { client, session } = await sessionClient();
      const result = await exportInbound(client, session, args[0]!, values.out);
      return print([result], table, result);
    }
    case 'clients health': {
      expect(0, '');
      const { client } = await sessionClient();
      const result = await storesNeedingAttention(client);
      return table ? print(result.stores, true) : print([], false, result);
    }
  }
}

/** The gateway a login was aimed at, to name it when it cannot be reached. */
function loginUrl(argv: string[]): string | undefined {
  const at = argv.indexOf('--url');
  const inline = argv.find((a) => a.startsWith('--url='));
  return (at >= 0 ? argv[at + 1] : inline?.slice('--url='.length)) || process.env.WAYBILL_URL || undefined;
}

/** Runs one command; answers the exit code. Errors go to stderr as one clear message. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    await dispatch(argv);
    return 0;
  } catch (error) {
    const url =
      argv[0] === 'login'
        ? (loginUrl(argv) ?? null)
        : await loadSession()
            .then((s) => s.url)
            .catch(() => null);
    process.stderr.write(`waybill: ${describeError(error, url)}\n`);
    if (process.env.WAYBILL_DEBUG && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
