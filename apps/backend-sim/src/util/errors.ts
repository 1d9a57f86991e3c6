import type { z } from 'zod';

export interface FieldError {
  path: string;
  message: string;
}

/** An error the sim answers with `{ error: { code, message, fields? } }`. */
export class SimHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'SimHttpError';
  }
}

export const notFound = (what: string, uid: string) =>
  new SimHttpError(404, 'not_found', `${what} "${uid}" not found`);

export const forbidden = (message: string) => new SimHttpError(403, 'forbidden', message);

export const conflict = (message: string) => new SimHttpError(409, 'conflict', message);

export function fieldError(path: string, message: string): SimHttpError {
  return new SimHttpError(400, 'validation_error', `${path}: ${message}`, [{ path, message }]);
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.') || '(body)';
}

/** Parse with a zod schema; failures become a 400 naming every offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldError[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.push({ path: issuePath([...issue.path, key]), message: 'unknown field' });
      }
    } else {
      fields.push({ path: issuePath(issue.path), message: issue.message });
    }
  }
  const summary = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  throw new SimHttpError(400, 'validation_error', `Invalid ${where}: ${summary}`, fields);
}
