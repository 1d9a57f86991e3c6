import { INBOUND_FORCED_PRIORITIES } from '@waybill/contracts';

/**
 * The display priorities actually requested: the user's selection, plus processed and cancel
 * when they are forced enabled (otherwise the list would be empty while done inbounds exist).
 */
export function effectivePriorities(selected: readonly number[], forced: boolean): number[] {
  if (!forced) return [...selected];
  const result = [...selected];
  for (const p of INBOUND_FORCED_PRIORITIES) if (!result.includes(p)) result.push(p);
  return result.sort((a, b) => a - b);
}
