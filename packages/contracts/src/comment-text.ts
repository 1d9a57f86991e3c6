import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH_EXCLUSIVE } from './constants.js';
import { formatCount } from './rules/text.js';

/** "Comment is longer than 5,000 characters": the words both the gateway and the console use. */
export const COMMENT_TOO_LONG_MESSAGE = `Comment is longer than ${formatCount(COMMENT_MAX_LENGTH)} characters`;
export const COMMENT_TOO_SHORT_MESSAGE = `comment must be longer than ${COMMENT_MIN_LENGTH_EXCLUSIVE} characters`;

/**
 * The text of every comment a user writes (one order's comment, a bulk comment): longer than
 * COMMENT_MIN_LENGTH_EXCLUSIVE once trimmed, at most COMMENT_MAX_LENGTH.
 */
export const commentTextSchema = z
  .string()
  .max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE)
  .refine((t) => t.trim().length > COMMENT_MIN_LENGTH_EXCLUSIVE, { message: COMMENT_TOO_SHORT_MESSAGE });
