import type { BackendResponse, BackendRouteName } from '@waybill/contracts';

/** The part of the backend client the realtime half needs (satisfied by BackendClient). */
export interface BackendCaller {
  call<N extends BackendRouteName>(
    name: N,
    opts: {
      token: string;
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      signal?: AbortSignal;
    },
  ): Promise<BackendResponse<N>>;
}

export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}
