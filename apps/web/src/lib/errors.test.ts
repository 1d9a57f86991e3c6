import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXT, errorCode, errorMessage } from './errors.js';

/** A failed call as the tRPC client hands it to the console: the server's message plus its code. */
const failed = (code: string, message = 'internal detail from the server: /orders/x (HTTP 502)') =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 500 } } });

afterEach(() => vi.restoreAllMocks());

describe('errorMessage', () => {
  it.each([
    ['UNAUTHORIZED', ERROR_TEXT.session],
    ['FORBIDDEN', ERROR_TEXT.forbidden],
    ['NOT_FOUND', ERROR_TEXT.notFound],
    ['BAD_REQUEST', ERROR_TEXT.rejected],
    ['CONFLICT', ERROR_TEXT.rejected],
    ['TOO_MANY_REQUESTS', ERROR_TEXT.busy],
    ['PRECONDITION_FAILED', ERROR_TEXT.outdated],
    ['BAD_GATEWAY', ERROR_TEXT.unreachable],
    ['GATEWAY_TIMEOUT', ERROR_TEXT.unreachable],
    ['INTERNAL_SERVER_ERROR', ERROR_TEXT.generic],
  ])('maps %s to the console message, never the server text', (code, expected) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = failed(code);
    expect(errorCode(error)).toBe(code);
    expect(errorMessage(error)).toBe(expected);
    expect(errorMessage(error)).not.toContain('internal detail');
  });

  it('says the backend cannot be reached when the call got no answer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(ERROR_TEXT.unreachable);
    expect(errorMessage(TRPCClientError.from(new Error('WebSocket closed')))).toBe(ERROR_TEXT.unreachable);
  });

  it("gives the caller's fallback for codes without a message of their own and for non-calls", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorMessage(failed('INTERNAL_SERVER_ERROR'), 'The label could not be reissued.')).toBe(
      'The label could not be reissued.',
    );
    expect(errorMessage(new Error('raw text of some failure'), 'Sign-in failed.')).toBe('Sign-in failed.');
    expect(errorMessage('a raw string')).toBe(ERROR_TEXT.generic);
    expect(errorMessage(null)).toBe(ERROR_TEXT.generic);
    // A caller's fallback never hides a code that has its own message.
    expect(errorMessage(failed('TOO_MANY_REQUESTS'), 'Sign-in failed.')).toBe(ERROR_TEXT.busy);
  });

  it("ends with the request's reference when the gateway sent one, never for an ended session", () => {
    const withId = (code: string, requestId: unknown) =>
      TRPCClientError.from({
        error: { message: 'raw server words', code: -32000, data: { code, httpStatus: 500, requestId } },
      });
    const id = '0b6c3d1e-5f7a-4e2b-9c8d-1a2b3c4d5e6f';
    expect(errorMessage(withId('BAD_GATEWAY', id))).toBe(`${ERROR_TEXT.unreachable} Reference: ${id}`);
    expect(errorMessage(withId('INTERNAL_SERVER_ERROR', id), 'The label could not be reissued.')).toBe(
      `The label could not be reissued. Reference: ${id}`,
    );
    expect(errorMessage(withId('UNAUTHORIZED', id))).toBe(ERROR_TEXT.session);
    // Not an id: shown as nothing rather than as the server's text.
    expect(errorMessage(withId('BAD_REQUEST', '<b>raw words</b>'))).toBe(ERROR_TEXT.rejected);
    expect(errorMessage(withId('BAD_REQUEST', 42))).toBe(ERROR_TEXT.rejected);
  });

  it('logs the detail once per failure in development', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = failed('BAD_GATEWAY');
    errorMessage(error);
    errorMessage(error);
    expect(import.meta.env.DEV).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Call failed', error);
  });

  it('does not log outside development', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('DEV', false);
    try {
      errorMessage(failed('BAD_GATEWAY'));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(log).not.toHaveBeenCalled();
  });
});
