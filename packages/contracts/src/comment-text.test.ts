import { describe, expect, it } from 'vitest';
import { bulkOrdersInputSchema } from './bulk-input.js';
import { COMMENT_TOO_LONG_MESSAGE } from './comment-text.js';
import { COMMENT_MAX_LENGTH } from './constants.js';
import { addCommentInputSchema } from './inputs.js';
import {
  canSubmitComment,
  commentCounterText,
  commentTooLong,
  INITIAL_COMMENT_EDITOR,
  isCommentTextValid,
} from './rules/comment-editor.js';

const atLimit = 'x'.repeat(COMMENT_MAX_LENGTH);
const over = `${atLimit}x`;

describe('one comment length limit for the console and the gateway', () => {
  it('names the limit in its message', () => {
    expect(COMMENT_MAX_LENGTH).toBe(5000);
    expect(COMMENT_TOO_LONG_MESSAGE).toBe('Comment is longer than 5,000 characters');
  });

  it('takes a comment at the limit and refuses one over it, on one order and in bulk', () => {
    expect(addCommentInputSchema.safeParse({ orderUid: 'o1', text: atLimit }).success).toBe(true);
    const one = addCommentInputSchema.safeParse({ orderUid: 'o1', text: over });
    expect(one.error?.issues.map((i) => [i.path, i.message])).toEqual([[['text'], COMMENT_TOO_LONG_MESSAGE]]);
    const action = (text: string) => ({ action: { kind: 'comment', text }, orderUids: ['o1'] });
    expect(bulkOrdersInputSchema.safeParse(action(atLimit)).success).toBe(true);
    const bulk = bulkOrdersInputSchema.safeParse(action(over));
    expect(bulk.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['action', 'text'], COMMENT_TOO_LONG_MESSAGE],
    ]);
  });

  it('the editor counts, refuses over the limit with the same words, and will not submit', () => {
    expect(commentCounterText('  hello  ')).toBe('5 / 5,000');
    expect(commentCounterText(over)).toBe('5,001 / 5,000');
    expect(commentTooLong(atLimit)).toBeNull();
    expect(commentTooLong(` ${atLimit} `)).toBeNull();
    expect(commentTooLong(over)).toBe(COMMENT_TOO_LONG_MESSAGE);
    expect(isCommentTextValid(atLimit)).toBe(true);
    expect(isCommentTextValid(over)).toBe(false);
    expect(canSubmitComment({ ...INITIAL_COMMENT_EDITOR, text: over })).toBe(false);
  });
});
