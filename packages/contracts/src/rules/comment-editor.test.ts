import { describe, expect, it } from 'vitest';
import { addCommentInputSchema } from '../inputs.js';
import {
  areSnoozeUnitsDisabled,
  type CommentEditorEvent,
  type CommentEditorState,
  canSubmitComment,
  commentEditorReducer,
  commentSubmitInput,
  INITIAL_COMMENT_EDITOR,
  isCommentActionComplete,
  isCommentTextValid,
  snoozeHours,
  teamFromChoice,
} from './comment-editor.js';

const run = (events: CommentEditorEvent[], from: CommentEditorState = INITIAL_COMMENT_EDITOR) =>
  events.reduce(commentEditorReducer, from);
const text = (t: string): CommentEditorEvent => ({ type: 'text', text: t });

describe('a new comment starts with no team and no actions', () => {
  it('initial state', () => {
    expect(INITIAL_COMMENT_EDITOR).toEqual({
      text: '',
      action: null,
      team: null,
      snoozeCount: null,
      snoozeUnit: null,
      snoozeValue: null,
      sendAs: 'internal_note',
    });
  });
});

describe('team mapping', () => {
  it.each([
    ['development', 'development'],
    ['non-technical', 'non-technical'],
    ['support', 'non-technical'],
    ['', 'non-technical'],
    ['Development', 'non-technical'],
  ])('%j → %s', (value, team) => {
    expect(teamFromChoice(value)).toBe(team);
  });
});

describe('snooze value = count x unit (hour 1, day 24, week 168)', () => {
  const cases = [1, 2, 3, 4].flatMap((count) =>
    (
      [
        ['hour', 1],
        ['day', 24],
        ['week', 168],
      ] as const
    ).map(([unit, hours]) => [count, unit, count * hours] as const),
  );
  it.each(cases)('%i x %s = %i hours', (count, unit, hours) => {
    expect(snoozeHours(count as 1 | 2 | 3 | 4, unit)).toBe(hours);
    const s = run([
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count },
      { type: 'snoozeUnit', unit },
    ]);
    expect(s.snoozeValue).toBe(hours);
  });

  it.each(cases)('choosing the count %i after the unit %s recalculates', (count, unit, hours) => {
    const s = run([
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count: count === 1 ? 2 : 1 },
      { type: 'snoozeUnit', unit },
      { type: 'snoozeCount', count },
    ]);
    expect(s.snoozeValue).toBe(hours);
  });

  it.each([[0], [5], [-1], [1.5], [Number.NaN]])('count %s is ignored (1-4 only)', (count) => {
    const s = run([
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count },
    ]);
    expect(s.snoozeCount).toBeNull();
  });

  it('unit buttons are disabled until a count is picked, and a unit click before is ignored', () => {
    let s = run([{ type: 'toggleAction', action: 'snooze' }]);
    expect(areSnoozeUnitsDisabled(s)).toBe(true);
    s = commentEditorReducer(s, { type: 'snoozeUnit', unit: 'day' });
    expect(s.snoozeUnit).toBeNull();
    s = commentEditorReducer(s, { type: 'snoozeCount', count: 3 });
    expect(areSnoozeUnitsDisabled(s)).toBe(false);
    expect(s.snoozeValue).toBeNull();
    s = commentEditorReducer(s, { type: 'snoozeUnit', unit: 'day' });
    expect(s.snoozeValue).toBe(72);
  });

  it('snooze choices are ignored while snooze is not opened', () => {
    const s = run([
      { type: 'snoozeCount', count: 2 },
      { type: 'snoozeUnit', unit: 'hour' },
    ]);
    expect(s).toEqual(INITIAL_COMMENT_EDITOR);
  });
});

describe('escalate and snooze are mutually exclusive', () => {
  it('opening snooze clears a chosen escalation', () => {
    const s = run([
      { type: 'toggleAction', action: 'escalate' },
      { type: 'team', value: 'development' },
      { type: 'toggleAction', action: 'snooze' },
    ]);
    expect(s.action).toBe('snooze');
    expect(s.team).toBeNull();
  });
  it('opening escalate clears a chosen snooze', () => {
    const s = run([
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count: 2 },
      { type: 'snoozeUnit', unit: 'week' },
      { type: 'toggleAction', action: 'escalate' },
    ]);
    expect(s).toMatchObject({ action: 'escalate', snoozeCount: null, snoozeUnit: null, snoozeValue: null });
  });
  it('choosing the opened action again closes it', () => {
    const s = run([
      { type: 'toggleAction', action: 'escalate' },
      { type: 'team', value: 'x' },
      { type: 'toggleAction', action: 'escalate' },
    ]);
    expect(s).toMatchObject({ action: null, team: null });
  });
  it('closeAction clears everything but text and send-as', () => {
    const s = run([
      text('hello world'),
      { type: 'sendAs', sendAs: 'to_courier' },
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count: 1 },
      { type: 'closeAction' },
    ]);
    expect(s).toEqual({ ...INITIAL_COMMENT_EDITOR, text: 'hello world', sendAs: 'to_courier' });
  });
  it('a team choice is ignored unless escalate is opened', () => {
    expect(run([{ type: 'team', value: 'development' }]).team).toBeNull();
  });
});

describe('text must be longer than 5 characters', () => {
  it.each([
    ['', false],
    ['12345', false],
    ['123456', true],
    ['     123456  ', true],
    ['      ', false],
    ['  12345  ', false],
    ['a longer comment', true],
  ])('%j → %s', (t, ok) => {
    expect(isCommentTextValid(t)).toBe(ok);
  });
});

describe('submit enabled only with text > 5 and a completed opened action', () => {
  const long = text('Parcel was damaged');
  it.each<[string, CommentEditorEvent[], boolean]>([
    ['plain, long text', [long], true],
    ['plain, short text', [text('short')], false],
    ['escalate without team', [long, { type: 'toggleAction', action: 'escalate' }], false],
    [
      'escalate with team',
      [long, { type: 'toggleAction', action: 'escalate' }, { type: 'team', value: 'development' }],
      true,
    ],
    [
      'escalate with team, short text',
      [text('hi'), { type: 'toggleAction', action: 'escalate' }, { type: 'team', value: 'x' }],
      false,
    ],
    ['snooze without count', [long, { type: 'toggleAction', action: 'snooze' }], false],
    [
      'snooze with count only',
      [long, { type: 'toggleAction', action: 'snooze' }, { type: 'snoozeCount', count: 2 }],
      false,
    ],
    [
      'snooze complete',
      [
        long,
        { type: 'toggleAction', action: 'snooze' },
        { type: 'snoozeCount', count: 2 },
        { type: 'snoozeUnit', unit: 'hour' },
      ],
      true,
    ],
    [
      'action opened then closed',
      [long, { type: 'toggleAction', action: 'snooze' }, { type: 'closeAction' }],
      true,
    ],
  ])('%s → %s', (_name, events, ok) => {
    const s = run(events);
    expect(canSubmitComment(s)).toBe(ok);
    expect(canSubmitComment(s, true)).toBe(false);
  });

  it('isCommentActionComplete without an action', () => {
    expect(isCommentActionComplete(INITIAL_COMMENT_EDITOR)).toBe(true);
  });
});

describe('submit payload', () => {
  it('plain note', () => {
    const s = run([text('  Called the customer  ')]);
    expect(commentSubmitInput(s, 'ord-1')).toEqual({
      orderUid: 'ord-1',
      text: 'Called the customer',
      escalate: false,
      escalateValue: null,
      snooze: false,
      snoozeValue: null,
      team: null,
      sendAs: 'internal_note',
    });
  });
  it('escalation lasts 525600 minutes', () => {
    const s = run([
      text('Needs a developer'),
      { type: 'toggleAction', action: 'escalate' },
      { type: 'team', value: 'development' },
    ]);
    const input = commentSubmitInput(s, 'ord-1');
    expect(input).toMatchObject({
      escalate: true,
      escalateValue: 525600,
      team: 'development',
      snooze: false,
    });
    expect(addCommentInputSchema.safeParse(input).success).toBe(true);
  });
  it('snooze sends its hours', () => {
    const s = run([
      text('Wait for the courier'),
      { type: 'sendAs', sendAs: 'to_merchant' },
      { type: 'toggleAction', action: 'snooze' },
      { type: 'snoozeCount', count: 3 },
      { type: 'snoozeUnit', unit: 'week' },
    ]);
    const input = commentSubmitInput(s, 'ord-9');
    expect(input).toMatchObject({
      snooze: true,
      snoozeValue: 504,
      escalate: false,
      team: null,
      sendAs: 'to_merchant',
    });
    expect(addCommentInputSchema.safeParse(input).success).toBe(true);
  });
  it('every submittable state produced by the reducer passes the procedure schema', () => {
    const flows: CommentEditorEvent[][] = [];
    for (const count of [1, 2, 3, 4])
      for (const unit of ['hour', 'day', 'week'] as const)
        flows.push([
          { type: 'toggleAction', action: 'snooze' },
          { type: 'snoozeCount', count },
          { type: 'snoozeUnit', unit },
        ]);
    for (const team of ['development', 'non-technical', 'other'])
      flows.push([
        { type: 'toggleAction', action: 'escalate' },
        { type: 'team', value: team },
      ]);
    for (const flow of flows) {
      const s = run([text('long enough text'), ...flow]);
      expect(canSubmitComment(s)).toBe(true);
      expect(addCommentInputSchema.safeParse(commentSubmitInput(s, 'o')).success).toBe(true);
    }
  });
});

describe('submit and cancel reset', () => {
  it('reset returns the initial state', () => {
    const s = run([
      text('something long'),
      { type: 'toggleAction', action: 'escalate' },
      { type: 'team', value: 'x' },
      { type: 'reset' },
    ]);
    expect(s).toEqual(INITIAL_COMMENT_EDITOR);
  });
});
