import { z } from 'zod';

export interface SimOptions {
  port: number;
  host: string;
  seed: string | number;
  orders: number;
  inbounds: number;
  stores: number;
  /** Simulator step interval; 0 = paused. */
  tickMs: number;
  serviceToken: string;
  /** Enables the HTTP control API under /__sim. */
  control: boolean;
  /** Base URL of links the sim hands out (labels, images, exports, consent page); default its own address. */
  publicUrl: string | undefined;
  managedBy: string;
  /** Generation reference time in ms (default: now). Same seed and epoch give identical data. */
  epoch: number | undefined;
  /** Clock for runtime changes. Default Date.now; with an explicit epoch, epoch + time since start. */
  now: (() => number) | undefined;
  /** Fastify logger on/off. */
  logger: boolean;
}

export const DEFAULT_SIM_OPTIONS: SimOptions = {
  port: 0,
  host: '127.0.0.1',
  seed: 'waybill',
  orders: 5000,
  inbounds: 600,
  stores: 300,
  tickMs: 0,
  serviceToken: 'dev-service-token',
  control: false,
  publicUrl: undefined,
  managedBy: 'waybill',
  epoch: undefined,
  now: undefined,
  logger: false,
};

/** Decimal digits only: a blank value or `0x10` is a typo, not 0 or 16. */
const size = (name: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of 0 or more, in decimal digits`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be at most ${max}`));

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Environment of `pnpm start` (src/server.ts). */
export const envSchema = z.object({
  PORT: size('PORT', 65535).default(4000),
  HOST: z.string().min(1, 'HOST must not be empty').default('127.0.0.1'),
  SEED: z.string().min(1).max(200).default('waybill'),
  ORDERS: size('ORDERS', 2_000_000).default(5000),
  INBOUNDS: size('INBOUNDS', 200_000).default(600),
  STORES: size('STORES', 100_000).default(300),
  TICK_MS: size('TICK_MS', 3_600_000).default(2000),
  SERVICE_TOKEN: z
    .string()
    .min(8, 'SERVICE_TOKEN must be at least 8 characters')
    .default('dev-service-token'),
  SIM_CONTROL: flag.default(false),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  MANAGED_BY: z.string().min(1).max(100).default('waybill'),
  LOG: flag.default(false),
});

export function optionsFromEnv(env: NodeJS.ProcessEnv): Partial<SimOptions> {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid backend-sim environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    seed: e.SEED,
    orders: e.ORDERS,
    inbounds: e.INBOUNDS,
    stores: e.STORES,
    tickMs: e.TICK_MS,
    serviceToken: e.SERVICE_TOKEN,
    control: e.SIM_CONTROL,
    publicUrl: e.PUBLIC_URL,
    managedBy: e.MANAGED_BY,
    logger: e.LOG,
  };
}

export function resolveOptions(options: Partial<SimOptions> = {}): SimOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_SIM_OPTIONS, ...defined };
}
