/**
 * How many characters a name is, as the person typing it counts them and as zod's `max` counts
 * them: Unicode code points, so an emoji (two UTF-16 units in JavaScript's `length`) is one. A
 * 40-character name with three emoji must not be refused as longer than 40.
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `max` characters of `text` (code points: an emoji is never cut in half). */
export function firstCharacters(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}
