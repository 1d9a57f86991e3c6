import { withoutControlCharacters } from './control-characters.js';

/** A mention is `@` and a user's full name, as the comment editor's completion list inserts it. */

export interface Mentionable {
  uid: string;
  name: string;
}

/** Characters of a comment or change summary a notification shows. */
export const EXCERPT_MAX = 120;
/**
 * Users one comment's mentions notify, the first named first: a comment naming everyone must not
 * reach the whole company. The comment itself keeps every name.
 */
export const MENTIONS_NOTIFIED_MAX = 10;
/** Names the completion list offers at once. */
export const MENTION_OPTIONS_MAX = 8;
/** A query longer than any name is not a mention being typed. */
const QUERY_MAX = 60;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * The users `text` mentions, each once, in the order of the list. Longer names are matched first, so
 * "@Ana Popescu" is Ana Popescu even when an "Ana" exists; a name must end at a non-word character.
 */
export function mentionedUsers<U extends Mentionable>(text: string, users: readonly U[]): U[] {
  const found = firstMentions(text, users);
  return users.filter((u) => found.has(u.uid));
}

/** The users `text` mentions, as mentionedUsers finds them, in the order the text first names them. */
export function mentionedInTextOrder<U extends Mentionable>(text: string, users: readonly U[]): U[] {
  const found = firstMentions(text, users);
  return users
    .filter((u) => found.has(u.uid))
    .sort((a, b) => (found.get(a.uid) ?? 0) - (found.get(b.uid) ?? 0));
}

/** Where each mentioned user's first mention starts, by uid. */
function firstMentions(text: string, users: readonly Mentionable[]): Map<string, number> {
  let rest = text.toLowerCase();
  const found = new Map<string, number>();
  const byLength = [...users].filter((u) => u.name.trim()).sort((a, b) => b.name.length - a.name.length);
  for (const user of byLength) {
    const needle = `@${user.name.trim().toLowerCase()}`;
    let at = rest.indexOf(needle);
    while (at !== -1) {
      const end = at + needle.length;
      if (!isWordChar(rest[end])) {
        if (!found.has(user.uid)) found.set(user.uid, at);
        rest = `${rest.slice(0, at)}${' '.repeat(needle.length)}${rest.slice(end)}`;
      }
      at = rest.indexOf(needle, at + 1);
    }
  }
  return found;
}

/**
 * The mention being typed at `caret`: the `@` that starts it (at the text's start or after a space
 * or bracket) and what follows it up to the caret. Null when the caret is not in one.
 */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return null;
  const previous = before[at - 1];
  if (previous !== undefined && !/[\s([{"']/.test(previous)) return null;
  const query = before.slice(at + 1);
  if (query.length > QUERY_MAX || /[\n@]/.test(query) || query.startsWith(' ')) return null;
  return { start: at, query };
}

/** Users whose name starts with the query, then those with a later word starting with it; at most `max`. */
export function mentionOptions<U extends Mentionable>(
  users: readonly U[],
  query: string,
  max = MENTION_OPTIONS_MAX,
): U[] {
  const q = query.trim().toLowerCase();
  const rank = (u: U) => {
    const name = u.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    return name.split(/\s+/).some((word) => word.startsWith(q)) ? 1 : -1;
  };
  return users
    .map((u) => ({ u, r: rank(u) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.u.name.localeCompare(b.u.name))
    .slice(0, max)
    .map((x) => x.u);
}

/** Replaces the mention being typed (from `start` to `caret`) with `@name ` and says where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}

/**
 * One line of at most `max` characters, as others are shown it: control and invisible characters
 * gone (withoutControlCharacters), whitespace collapsed, cut at a word with "…".
 */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const line = withoutControlCharacters(text).replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  // A cut inside a character written as two UTF-16 units would show half of it.
  const cut = line.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
