/**
 * Characters text shown to other people must not hold: control characters (NUL, BEL, ESC, line
 * breaks), the line and paragraph separators, and every invisible format character (Unicode Cf: the
 * marks that change the direction text reads in such as U+202E, zero-width spaces, word joiners,
 * U+FEFF, tag characters). Any of them lets a text hide, reorder or break what a colleague's screen
 * shows next to it. The two joiners (U+200C, U+200D) are left alone: emoji sequences and Persian or
 * Indic words need them, and they cannot move or hide text.
 */
const CONTROL_CHARACTER = '(?![\\u200C\\u200D])[\\p{Cc}\\p{Cf}\\u2028\\u2029]';

/**
 * Combining marks one character may carry. Real writing stacks a few (Vietnamese, Hebrew points);
 * more is "zalgo" text drawn over the lines above and below it.
 */
export const COMBINING_MARKS_MAX = 4;

const CONTROL = new RegExp(CONTROL_CHARACTER, 'u');
const CONTROLS = new RegExp(CONTROL_CHARACTER, 'gu');
// Joiners between marks must not split a stack in two runs.
const MARK_RUNS = /[\p{M}\u200C\u200D]+/gu;
const isMark = (c: string) => /\p{M}/u.test(c);
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** Whether `text` holds a character shown text must not (see CONTROL_CHARACTER), or over-stacked marks. */
export const hasControlCharacters = (text: string): boolean =>
  CONTROL.test(text) ||
  (text.match(MARK_RUNS) ?? []).some((run) => Array.from(run).filter(isMark).length > COMBINING_MARKS_MAX);

/**
 * Someone's text as others are shown it: tabs and line breaks become spaces, the other control and
 * format characters go, and a run of combining marks keeps its first COMBINING_MARKS_MAX.
 */
export function withoutControlCharacters(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, '')
    .replace(MARK_RUNS, (run) => {
      let marks = 0;
      return Array.from(run)
        .filter((c) => !isMark(c) || ++marks <= COMBINING_MARKS_MAX)
        .join('');
    });
}

/**
 * A comment as colleagues read it in a thread or a row: its lines kept (they are part of what was
 * written), and within each line what withoutControlCharacters removes gone, so a direction mark
 * cannot show "EUR 500.00" for a text that holds "00.005 RUE". Comments come from the backend,
 * written by any of its clients, so they are cleaned where shown rather than refused when added.
 */
export function commentTextShown(text: string): string {
  return text
    .split(/\r\n|[\n\r\u2028\u2029\u0085]/)
    .map(withoutControlCharacters)
    .join('\n');
}
