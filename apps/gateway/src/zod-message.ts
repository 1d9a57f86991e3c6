import type { ZodError } from 'zod';

/** "filter.window.limit: Too big; email: E-mail is not valid": field names first, for people and scripts. */
export function describeZodError(error: ZodError, prefix?: string): string {
  const shown = error.issues.slice(0, 5).map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (+${more} more)` : shown.join('; ');
}
