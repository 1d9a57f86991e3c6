import { z } from 'zod';

/** Timestamps as the backend sends them: ISO-like, maybe without zone (treated as UTC, see parseServerTime). */
export const timestampSchema = z.string().min(1);
export const uidSchema = z.string().min(1).max(200);

/** Every backend answer carries its payload under `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data });
}

/** Error body of the management backend; the call wrapper raises `error` (or 'validation error'). */
export const backendErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional(),
  }),
});

export const keyValueSchema = z.looseObject({ key: z.string(), value: z.string().nullable() });

export const countSchema = z.looseObject({ count: z.number().int().nonnegative() });
