import { z } from 'zod';

/**
 * An id that may become a backend path segment: "." and ".." would be resolved by a path-normalising
 * proxy, and "/", "\\" or control characters would change the path, so they are never ids.
 */
export const uidInputSchema = z
  .string()
  .trim()
  .min(1, 'uid is required')
  .max(200)
  .refine((id) => id !== '.' && id !== '..', 'must not be "." or ".."')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  .refine((id) => !/[/\\\u0000-\u001f\u007f]/.test(id), 'must not contain /, \\ or control characters');

/**
 * An order uid as the backend makes them (`ord_` and hex): letters, digits, "_", "-" and ".".
 * Checked where an id is shown to other users (presence): markup and spaces never are.
 */
export const orderUidSchema = z
  .string()
  .min(1, 'order uid is required')
  .max(200, 'order uid is too long')
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be an order uid: letters, digits, "_", "-" and "." only');
