import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The URL parameter of the "Needs attention" view (`?attention=1`); the other filters keep theirs. */
export const ATTENTION_PARAM = 'attention';

/** Whether the clients screen lists only the stores needing attention; kept in the URL. */
export function useAttentionFilter(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get(ATTENTION_PARAM) === '1';
  const set = useCallback(
    (next: boolean) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(ATTENTION_PARAM, '1');
        else copy.delete(ATTENTION_PARAM);
        return copy;
      }),
    [setParams],
  );
  return [on, set];
}
