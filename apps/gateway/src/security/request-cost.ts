import { type LimitName, listWindowSchema } from '@waybill/contracts';

/** Limits on what one HTTP batch or one websocket message may ask for. */
export interface CostLimits {
  /** Rows one list may re-read: skip + limit of a live list or a refresh (LIST_MAX_LOADED_ROWS). */
  maxLoadedRows: number;
  /** Rows all operations of one batch or message may ask for together (BATCH_MAX_ROWS). */
  maxBatchRows: number;
}

/** Procedures that answer counts, not rows, though their input carries a window. */
const NO_ROWS = new Set(['orders.statistics']);

/** One call of a batch: its procedure path and raw (unvalidated) input. */
export interface RawCall {
  path: string;
  input: unknown;
}

/**
 * Rows a call may make the gateway read and answer, from its raw input: a live list and a refresh
 * re-read skip + limit, a plain page reads limit. A window its schema refuses counts as nothing:
 * that refusal (naming the field) comes from the procedure.
 */
export function rowsOf({ path, input }: RawCall): number {
  if (NO_ROWS.has(path) || typeof input !== 'object' || input === null) return 0;
  const raw = input as { window?: unknown; refresh?: unknown };
  if (raw.window === undefined && !path.endsWith('.live')) return 0;
  const window = listWindowSchema.safeParse(raw.window ?? {});
  if (!window.success) return 0;
  const { skip, limit } = window.data;
  return path.endsWith('.live') || raw.refresh === true ? skip + limit : limit;
}

/** Why a request is refused: words for people, and the configured limit it passed, if any. */
export interface Problem {
  text: string;
  limit: LimitName | null;
}

/** Why a batch is refused, or null when it is within the limits. */
export function batchProblem(calls: readonly RawCall[], limits: CostLimits): Problem | null {
  let total = 0;
  for (const call of calls) {
    const rows = rowsOf(call);
    if (rows > limits.maxLoadedRows)
      return {
        text: `${call.path}: window reads ${rows} rows; skip + limit (of a live list or a refresh) must be at most ${limits.maxLoadedRows} (LIST_MAX_LOADED_ROWS)`,
        limit: 'LIST_MAX_LOADED_ROWS',
      };
    total += rows;
  }
  if (total > limits.maxBatchRows)
    return {
      text: `The calls of one batch ask for ${total} rows together; at most ${limits.maxBatchRows} (BATCH_MAX_ROWS)`,
      limit: 'BATCH_MAX_ROWS',
    };
  return null;
}
