import { RequestTimeoutError } from '../request-guard.js';
import { login, logout, sessionClient } from './auth-commands.js';
import { storesNeedingAttention } from './clients-commands.js';
import { COMMANDS, COMMON_OPTIONS, type CommandSpec, findCommand, type OptionName } from './commands.js';
import { completionScript } from './completion.js';
import { CliError, describeError, exitCodeFor, usageError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { gatewayInUse, requestTimeoutMs, timeoutText } from './gateway.js';
import { commandHelp, generalHelp, groupHelp, usageOf } from './help.js';
import { exportInbound } from './inbounds-commands.js';
import { commentOrder, orderRow, parseLimit } from './orders-commands.js';
import { searchOrders } from './orders-search.js';
import { parseWatchLimit, watchOrders } from './orders-watch.js';
import { type CommandOutput, parseFields, render } from './output.js';
import { parse } from './parse-args.js';
import { packageVersion } from './version.js';
import { versionChecksDone } from './version-check.js';

type Values = ReturnType<typeof parse>['values'];

const single = (value: Record<string, unknown>): CommandOutput => ({ document: value, items: [value] });

/** Runs the command; answers what to print and the exit code when it is not 0. */
async function execute(
  spec: CommandSpec,
  args: string[],
  values: Values,
): Promise<CommandOutput & { exitCode?: ExitCode }> {
  switch (spec.name) {
    case 'login':
      return single(await login(values));
    case 'logout':
      return single(await logout(values));
    case 'orders search': {
      if (values.all && values.limit !== undefined) throw usageError('Give --limit or --all, not both');
      const limit = values.all ? 'all' : parseLimit(values.limit);
      const { client } = await sessionClient(values);
      const orders = await searchOrders(client, { ...values, statusGroup: values['status-group'] }, limit);
      return { document: orders, items: orders, rows: orders.map(orderRow) };
    }
    case 'orders watch':
      return { ...(await watch(values)), exitCode: EXIT.ok };
    case 'orders comment': {
      const { client } = await sessionClient(values);
      const result = await commentOrder(client, args[0]!, args[1]!);
      return {
        document: result,
        items: [result],
        rows: [{ reference: result.reference, orderUid: result.orderUid }],
      };
    }
    case 'inbounds export': {
      const { client, session } = await sessionClient(values);
      return single(await exportInbound(client, session, args[0]!, values.out));
    }
    case 'clients health': {
      const { client } = await sessionClient(values);
      return storesNeedingAttention(client);
    }
    default:
      throw new Error(`waybill ${spec.name} has no handler`);
  }
}

/**
 * `orders watch`: JSON lines on stdout until SIGINT/SIGTERM (or stdout closes); a ready line on
 * stderr once the first state arrived. Prints nothing more at the end.
 */
async function watch(values: Values): Promise<CommandOutput & { quiet: true }> {
  const limit = parseWatchLimit(values.limit);
  const flags = { ...values, statusGroup: values['status-group'] };
  const { client, session } = await sessionClient(values);
  const firstStateWithinMs = requestTimeoutMs();
  const stop = new AbortController();
  const end = () => stop.abort();
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  process.stdout.once('error', end);
  const output = {
    write: (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`),
    ready: (count: number) => process.stderr.write(`waybill: watching ${count} orders (Ctrl-C to stop)\n`),
    notice: (text: string) => process.stderr.write(`${text}\n`),
  };
  try {
    await watchOrders(client, flags, limit, output, {
      url: session.url,
      signal: stop.signal,
      firstStateWithinMs,
    });
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    throw new CliError(
      `Cannot reach the gateway at ${session.url}: no orders from it within ${timeoutText(error.timeoutMs)}`,
      EXIT.backendUnavailable,
    );
  } finally {
    process.off('SIGINT', end);
    process.off('SIGTERM', end);
    client.close();
  }
  return { document: null, items: [], quiet: true };
}

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

let stdoutGuarded = false;

/**
 * A reader that closes the pipe early (`waybill … | head -1`) has all it wants: the write errors that
 * follow (EPIPE, then writes to the closed stream) end nothing and print nothing. Without a listener
 * Node would throw them as an unhandled 'error' event, with its stack.
 */
function guardStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    process.stderr.write(`waybill: cannot write the output (${error.code ?? error.message})\n`);
    process.exitCode = EXIT.failure;
  });
}

async function dispatch(argv: string[]): Promise<ExitCode> {
  const { values, positionals } = parse(argv);
  if (values.version) {
    out(packageVersion());
    return EXIT.ok;
  }
  const spec = findCommand(positionals);
  if (!spec) {
    const [first] = positionals;
    const group = first === undefined ? undefined : groupHelp(first);
    // `waybill frob --help` names no command: refused as `waybill frob` is, not answered with help.
    if (values.help && (first === undefined || (group && positionals.length === 1))) {
      out(group ?? generalHelp());
      return EXIT.ok;
    }
    if (first === undefined) throw usageError('Name a command (see `waybill --help`)');
    if (group && positionals.length === 1) {
      const subcommands = COMMANDS.filter((c) => c.name.startsWith(`${first} `)).map(
        (c) => c.name.split(' ')[1],
      );
      throw usageError(
        `waybill ${first} needs one of: ${subcommands.join(', ')} (see \`waybill ${first} --help\`)`,
      );
    }
    throw usageError(`Unknown command "${positionals.join(' ')}" (see \`waybill --help\`)`);
  }
  if (values.help) {
    out(commandHelp(spec));
    return EXIT.ok;
  }
  const accepted = new Set<OptionName>([...spec.options, ...COMMON_OPTIONS]);
  const extra = (Object.keys(values) as OptionName[]).filter((k) => !accepted.has(k));
  if (extra.length) throw usageError(`waybill ${spec.name} does not take --${extra.join(', --')}`);
  const args = positionals.slice(spec.name.split(' ').length);
  if (args.length !== spec.args.length) throw usageError(usageOf(spec));

  if (spec.name === 'completion') {
    process.stdout.write(completionScript(args[0]));
    return EXIT.ok;
  }
  if (values.json && values.table) throw usageError('Give --json or --table, not both');
  const format = { table: values.table === true, fields: parseFields(values.fields) };
  // A WAYBILL_TIMEOUT typo is a wrong command line, said before anything is called.
  requestTimeoutMs();
  const result = await execute(spec, args, values);
  if (!('quiet' in result)) out(render(result, format));
  await versionChecksDone();
  return result.exitCode ?? EXIT.ok;
}

/** Runs one command; answers the exit code. Errors go to stderr as one clear message. */
export async function runCli(argv: string[]): Promise<number> {
  guardStdout();
  try {
    return await dispatch(argv);
  } catch (error) {
    // The gateway this command used (--url, WAYBILL_URL or the stored one), not merely the stored one.
    const url = gatewayInUse();
    // A client the gateway no longer serves may be why it failed: that warning comes first.
    await versionChecksDone();
    process.stderr.write(`waybill: ${describeError(error, url)}\n`);
    if (process.env.WAYBILL_DEBUG && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    return exitCodeFor(error);
  }
}
