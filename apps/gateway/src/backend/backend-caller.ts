import type { BackendResponse, BackendRouteName } from '@waybill/contracts';

/** The part of the backend client that fetchers and the realtime half need (satisfied by BackendClient). */
export interface BackendCaller {
  call<N extends BackendRouteName>(
    name: N,
    opts: {
      token: string;
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      signal?: AbortSignal;
      /** Runs on the scheduler's spare slots, after the session's foreground calls. */
      background?: boolean;
    },
  ): Promise<BackendResponse<N>>;
}
