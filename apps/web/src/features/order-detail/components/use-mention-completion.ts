import { useQuery } from '@tanstack/react-query';
import { activeMention, insertMention, type Mentionable, mentionOptions } from '@waybill/contracts';
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useCurrentUser } from '../../../hooks/use-reference-data.js';
import { useTRPC } from '../../../lib/trpc.js';

/**
 * `@` completion in a text box (the combobox pattern on a textarea): typing `@` and letters lists the
 * colleagues whose name starts with them; ↑/↓ choose, Enter or Tab insert the name, Esc closes the
 * list (and only the list). The user list is read the first time `@` is typed.
 */
export function useMentionCompletion(
  area: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The `@` the list was closed at (Esc, or a name picked): it stays closed until another is typed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = caret === null ? null : activeMention(text, caret);
  const wanted = mention !== null && mention.start !== dismissedAt;
  const users = useQuery({ ...trpc.users.all.queryOptions(), enabled: wanted, staleTime: 5 * 60_000 });
  const myUid = me.data?.user?.uid;
  const options = useMemo<Mentionable[]>(
    () =>
      wanted
        ? mentionOptions(
            (users.data?.users ?? []).filter((u) => u.uid !== myUid),
            mention?.query ?? '',
          )
        : [],
    [wanted, users.data, myUid, mention?.query],
  );
  const open = wanted && options.length > 0;
  const index = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  // A text without any `@` (emptied after a save, say) has nothing closed any more.
  const hasAt = text.includes('@');
  useEffect(() => {
    if (!hasAt) setDismissedAt(null);
  }, [hasAt]);

  // The caret goes after an inserted name once the text holding it is rendered.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !area.current) return;
    pendingCaret.current = null;
    area.current.setSelectionRange(at, at);
    setCaret(at);
  }, [text, area]);

  const pick = (user: Mentionable) => {
    if (!mention || caret === null) return;
    const next = insertMention(text, mention.start, caret, user.name);
    pendingCaret.current = next.caret;
    setText(next.text);
    setActive(0);
    // The inserted name is itself "@ and a name": the list stays closed for it.
    setDismissedAt(mention.start);
    area.current?.focus();
  };

  const track = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  };

  return {
    open,
    /** Props for the text box: what it controls and which option is active. */
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(index) : undefined,
      onSelect: (e: { currentTarget: HTMLTextAreaElement }) => track(e.currentTarget),
    },
    /** After a change of text: where the caret is, and a new `@` opens the list again. */
    onTextChange(el: HTMLTextAreaElement) {
      track(el);
      setActive(0);
      if (dismissedAt !== null && activeMention(el.value, el.selectionStart)?.start !== dismissedAt)
        setDismissedAt(null);
    },
    /** True when the key was the list's (the text box does nothing else with it). */
    onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
      if (!open) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((index + step + options.length) % options.length);
      } else if (e.key === 'Enter' || e.key === 'Tab') {
        const user = options[index];
        if (user) pick(user);
      } else if (e.key === 'Escape') {
        setDismissedAt(mention?.start ?? null);
      } else return false;
      e.preventDefault();
      e.stopPropagation();
      return true;
    },
    listProps: { id: listId, options, activeIndex: index, optionId, onPick: pick, open },
  };
}
