import type { z } from 'zod';

/**
 * A kept value (JSON on disk or in Redis) read back as `schema` says, or null when it does not read
 * as that: the caller skips it, so a damaged or older value never crashes a start or a read.
 */
export function parseKept<T>(schema: z.ZodType<T>, raw: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
