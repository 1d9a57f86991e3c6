/**
 * Characters a name shown to other people must not hold: control characters (NUL, BEL, line breaks),
 * the line and paragraph separators, and the invisible marks that change the direction text reads in
 * (U+202E and its kin). Any of them lets a name hide, reorder or break what a colleague's screen
 * shows next to it. Joiners used inside emoji are not among them.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Whether `text` holds a character a shown name must not (see CONTROL_CHARACTERS). */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);
