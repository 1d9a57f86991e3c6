import {
  assignedUserFilterDefault,
  DEFAULT_INBOUNDS_FILTER,
  type InboundsFilter,
  type User,
} from '@waybill/contracts';
import { useCallback, useMemo } from 'react';
import { useUrlFilters } from '../../../hooks/use-url-filters.js';
import { inboundsUrlCodec } from '../lib/url-codec.js';

/**
 * The inbound list filter, kept in the URL. Its default carries contracts' assigned-user default
 * (the user themself outside customer support); a `user` parameter in the URL wins over it.
 */
export function useInboundsFilter(me: User | null | undefined) {
  const own = assignedUserFilterDefault(me ?? null);
  const defaults = useMemo<InboundsFilter>(
    () => ({ ...DEFAULT_INBOUNDS_FILTER, assignedUsersUIDS: own }),
    [own.join(',')],
  );
  const [filter, setFilter] = useUrlFilters(inboundsUrlCodec, defaults, { overlaysUnder: '/inbounds' });
  const update = useCallback(
    (change: Partial<InboundsFilter>) => setFilter((current) => ({ ...current, ...change })),
    [setFilter],
  );
  return { filter, update };
}
