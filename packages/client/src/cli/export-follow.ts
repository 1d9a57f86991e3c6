import { TRPCClientError } from '@trpc/client';
import type { RouterOutputs } from '@waybill/gateway/router';
import type { WaybillClient } from '../index.js';
import { RequestTimeoutError } from '../request-guard.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { timeoutText } from './gateway.js';
import { describeRefusal, dropReason, onSocketRefused } from './live-socket.js';
import { progressReporter } from './output.js';

export type ExportState = RouterOutputs['inbounds']['export']['start'];

/** Export jobs live in the gateway's memory: after a restart it knows none of them. */
export const EXPORT_LOST = 'The export was lost (the gateway restarted?): run the command again';

/** A failure of the websocket itself: no answer of the gateway's, which would carry a code. */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && !(error.data as { code?: unknown } | null | undefined)?.code;
}

function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: unknown } | null)?.code === 'NOT_FOUND';
}

/**
 * Follows the job over the websocket until it is done or failed, drawing its progress. Each
 * (re)subscription must bring the job's state within `timeoutMs`. While the gateway cannot be
 * reached one line on stderr says so and the websocket tries again, for at most `timeoutMs` in all.
 */
export function followExport(
  client: WaybillClient,
  started: ExportState,
  label: string,
  { url, timeoutMs }: { url: string; timeoutMs: number },
): Promise<ExportState> {
  const bar = progressReporter(label);
  bar.update(started.progress);
  return new Promise((resolve, reject) => {
    let lost: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    let subscription: { unsubscribe(): void } | null = null;
    let done = false;
    const finish = (result: ExportState | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopHearingRefusals();
      subscription?.unsubscribe();
      bar.end();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const stateWithin = (giveUp: () => Error) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(giveUp()), timeoutMs);
    };
    const stopHearingRefusals = onSocketRefused((refusal) => {
      const { message, exitCode } = describeRefusal(refusal);
      finish(new CliError(message, exitCode));
    });
    // Each failed attempt says `connecting` again: the bound runs from the first.
    const dropped = (error: unknown) => {
      if (lost !== null) return;
      lost = dropReason(error);
      bar.note(
        `waybill: lost the gateway at ${url}${lost}: trying again for up to ${timeoutText(timeoutMs)}`,
      );
      stateWithin(
        () =>
          new CliError(
            `Cannot reach the gateway at ${url}${lost} for ${timeoutText(timeoutMs)}: the export did not finish; run the command again`,
            EXIT.backendUnavailable,
          ),
      );
    };
    const subscribe = () =>
      client.inbounds.export.progress.subscribe(
        { jobId: started.jobId },
        {
          onConnectionStateChange({ state, error }) {
            if (!done && state === 'connecting' && error) dropped(error);
          },
          onData({ data }) {
            if (done) return;
            clearTimeout(timer);
            if (lost !== null) bar.note(`waybill: reached the gateway at ${url} again`);
            lost = null;
            bar.update(data.progress);
            if (data.status === 'running') return;
            if (data.status === 'failed')
              finish(new CliError(`The export failed: ${data.error ?? 'no reason given'}`));
            else finish(data);
          },
          onError(error) {
            if (done) return;
            // The job was there when it started: a gateway that no longer knows it lost it.
            if (isNotFound(error)) finish(new CliError(EXPORT_LOST, EXIT.backendUnavailable));
            else if (!isTransportFailure(error)) finish(error as Error);
            else {
              // The connection closed while the subscription was being sent: tRPC retries a
              // subscription dropped after that, not this one, so it is sent again here.
              dropped(error);
              subscription = subscribe();
            }
          },
        },
      );
    stateWithin(() => new RequestTimeoutError(timeoutMs));
    subscription = subscribe();
  });
}
