import { COMMENT_TOO_LONG_MESSAGE } from '../comment-text.js';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH_EXCLUSIVE,
  ESCALATION_MINUTES,
  SNOOZE_COUNTS,
  SNOOZE_UNIT_HOURS,
} from '../constants.js';
import type { SendAs, Team } from '../enums/common.js';
import type { AddCommentFormInput } from '../inputs.js';
import { formatCount } from './text.js';

/** Comment editor rules ("Comments" and the comment validation rules) as a reducer. */
export type SnoozeCount = (typeof SNOOZE_COUNTS)[number];
export type SnoozeUnit = keyof typeof SNOOZE_UNIT_HOURS;
export type CommentAction = 'escalate' | 'snooze';

export interface CommentEditorState {
  text: string;
  /** The opened action; escalate and snooze are mutually exclusive. */
  action: CommentAction | null;
  team: Team | null;
  snoozeCount: SnoozeCount | null;
  snoozeUnit: SnoozeUnit | null;
  /** Hours: count x unit, once both are chosen. */
  snoozeValue: number | null;
  sendAs: SendAs;
}

export type CommentEditorEvent =
  | { type: 'text'; text: string }
  | { type: 'toggleAction'; action: CommentAction }
  | { type: 'closeAction' }
  | { type: 'team'; value: string }
  | { type: 'snoozeCount'; count: number }
  | { type: 'snoozeUnit'; unit: SnoozeUnit }
  | { type: 'sendAs'; sendAs: SendAs }
  /** After a successful submit, and on Cancel (the component also closes). */
  | { type: 'reset' };

/** A new comment starts with no team and no actions. */
export const INITIAL_COMMENT_EDITOR: CommentEditorState = {
  text: '',
  action: null,
  team: null,
  snoozeCount: null,
  snoozeUnit: null,
  snoozeValue: null,
  sendAs: 'internal_note',
};

const CLEARED_ACTIONS = {
  action: null,
  team: null,
  snoozeCount: null,
  snoozeUnit: null,
  snoozeValue: null,
} as const;

/** Team mapping: 'development' stays development, any other chosen value is 'non-technical'. */
export function teamFromChoice(value: string): Team {
  return value === 'development' ? 'development' : 'non-technical';
}

export function isSnoozeCount(n: number): n is SnoozeCount {
  return (SNOOZE_COUNTS as readonly number[]).includes(n);
}

/** snoozeValue (hours) = count x unit. */
export function snoozeHours(count: SnoozeCount, unit: SnoozeUnit): number {
  return count * SNOOZE_UNIT_HOURS[unit];
}

export function commentEditorReducer(
  state: CommentEditorState,
  event: CommentEditorEvent,
): CommentEditorState {
  switch (event.type) {
    case 'text':
      return { ...state, text: event.text };
    case 'toggleAction':
      // Choosing one action clears the other; choosing the open one closes it.
      if (state.action === event.action) return { ...state, ...CLEARED_ACTIONS };
      return { ...state, ...CLEARED_ACTIONS, action: event.action };
    case 'closeAction':
      return { ...state, ...CLEARED_ACTIONS };
    case 'team':
      if (state.action !== 'escalate') return state;
      return { ...state, team: teamFromChoice(event.value) };
    case 'snoozeCount': {
      if (state.action !== 'snooze' || !isSnoozeCount(event.count)) return state;
      const snoozeValue = state.snoozeUnit ? snoozeHours(event.count, state.snoozeUnit) : null;
      return { ...state, snoozeCount: event.count, snoozeValue };
    }
    case 'snoozeUnit':
      // Unit buttons are disabled until a count is picked.
      if (state.action !== 'snooze' || state.snoozeCount === null) return state;
      return { ...state, snoozeUnit: event.unit, snoozeValue: snoozeHours(state.snoozeCount, event.unit) };
    case 'sendAs':
      return { ...state, sendAs: event.sendAs };
    case 'reset':
      return INITIAL_COMMENT_EDITOR;
  }
}

export function areSnoozeUnitsDisabled(state: CommentEditorState): boolean {
  return state.snoozeCount === null;
}

/** The length a comment is judged by: what is sent, surrounding spaces trimmed. */
export function commentTextLength(text: string): number {
  return text.trim().length;
}

/** Over COMMENT_MAX_LENGTH: the words to show ("Comment is longer than 5,000 characters"), else null. */
export function commentTooLong(text: string): string | null {
  return commentTextLength(text) > COMMENT_MAX_LENGTH ? COMMENT_TOO_LONG_MESSAGE : null;
}

/** The editor's counter: "4,200 / 5,000". */
export function commentCounterText(text: string): string {
  return `${formatCount(commentTextLength(text))} / ${formatCount(COMMENT_MAX_LENGTH)}`;
}

/**
 * Comment text must be longer than 5 characters (surrounding spaces do not count) and at most
 * COMMENT_MAX_LENGTH.
 */
export function isCommentTextValid(text: string): boolean {
  const length = commentTextLength(text);
  return length > COMMENT_MIN_LENGTH_EXCLUSIVE && length <= COMMENT_MAX_LENGTH;
}

/** An opened action is complete: escalate has a team, snooze has count and unit. */
export function isCommentActionComplete(state: CommentEditorState): boolean {
  if (state.action === 'escalate') return state.team !== null;
  if (state.action === 'snooze') return state.snoozeValue !== null;
  return true;
}

/** Submit is enabled only when the text is long enough and an opened action is complete (and not while saving). */
export function canSubmitComment(state: CommentEditorState, busy = false): boolean {
  return !busy && isCommentTextValid(state.text) && isCommentActionComplete(state);
}

/** The editor state as the orders.comments.add input (validated again by addCommentInputSchema). */
export function commentSubmitInput(state: CommentEditorState, orderUid: string): AddCommentFormInput {
  const escalate = state.action === 'escalate';
  const snooze = state.action === 'snooze' && state.snoozeValue !== null;
  return {
    orderUid,
    text: state.text.trim(),
    escalate,
    escalateValue: escalate ? ESCALATION_MINUTES : null,
    snooze,
    snoozeValue: snooze ? state.snoozeValue : null,
    team: escalate ? state.team : null,
    sendAs: state.sendAs,
  };
}
