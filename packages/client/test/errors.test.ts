import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { downloadRefusal } from '../src/cli/download.js';
import { CliError, describeError, exitCodeFor } from '../src/cli/errors.js';
import { EXIT } from '../src/cli/exit-codes.js';

const refused = (data: Record<string, unknown>, message = 'Order not found') =>
  TRPCClientError.from({ error: { message, code: -32004, data } });

describe('describeError', () => {
  it("names the gateway's request id of a refused call, to find it in the gateway's logs", () => {
    const id = '0b6c3d1e-5f7a-4e2b-9c8d-1a2b3c4d5e6f';
    expect(describeError(refused({ code: 'NOT_FOUND', requestId: id }), null)).toBe(
      `The gateway refused (NOT_FOUND): Order not found (reference ${id})`,
    );
    expect(describeError(refused({ code: 'NOT_FOUND' }), null)).toBe(
      'The gateway refused (NOT_FOUND): Order not found',
    );
    expect(describeError(refused({ code: 'UNAUTHORIZED', requestId: id }, 'Session ended'), null)).toBe(
      `Not signed in: Session ended. Run \`waybill login\`. (reference ${id})`,
    );
  });
});

describe('exitCodeFor', () => {
  it('maps the gateway error codes to the documented exit codes', () => {
    const cases: [string, number][] = [
      ['BAD_REQUEST', EXIT.usage],
      ['UNAUTHORIZED', EXIT.auth],
      ['FORBIDDEN', EXIT.auth],
      ['NOT_FOUND', EXIT.notFound],
      ['BAD_GATEWAY', EXIT.backendUnavailable],
      ['SERVICE_UNAVAILABLE', EXIT.backendUnavailable],
      ['GATEWAY_TIMEOUT', EXIT.backendUnavailable],
      ['TOO_MANY_REQUESTS', EXIT.backendUnavailable],
      ['INTERNAL_SERVER_ERROR', EXIT.failure],
    ];
    expect(cases.map(([code]) => exitCodeFor(refused({ code })))).toEqual(cases.map(([, exit]) => exit));
    expect(Object.values(EXIT)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('treats an unanswered call as the backend being unavailable, and other errors as failures', () => {
    const unreachable = TRPCClientError.from(new TypeError('fetch failed'));
    expect(exitCodeFor(unreachable)).toBe(EXIT.backendUnavailable);
    expect(exitCodeFor(new TypeError('fetch failed'))).toBe(EXIT.backendUnavailable);
    expect(exitCodeFor(new CliError('No order', EXIT.notFound))).toBe(EXIT.notFound);
    expect(exitCodeFor(new CliError('The export failed'))).toBe(EXIT.failure);
    expect(exitCodeFor(new Error('boom'))).toBe(EXIT.failure);
  });
});

describe('downloadRefusal', () => {
  it("codes a refused download as any call's refusal: session ended 3, a proxy's 429 and 502-504 5", () => {
    const cases: [number, number][] = [
      [401, EXIT.auth],
      [404, EXIT.backendUnavailable],
      [429, EXIT.backendUnavailable],
      [502, EXIT.backendUnavailable],
      [503, EXIT.backendUnavailable],
      [504, EXIT.backendUnavailable],
      [403, EXIT.failure],
      [500, EXIT.failure],
    ];
    expect(cases.map(([status]) => downloadRefusal(status, 'x').exitCode)).toEqual(
      cases.map(([, exit]) => exit),
    );
    expect(downloadRefusal(404, 'No such export').message).toBe(
      'The export was lost (the gateway restarted?): run the command again',
    );
  });
});
