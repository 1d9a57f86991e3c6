import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';

/** Cap on list-valued filter inputs: generous for real use, bounded against abuse. */
export const MAX_FILTER_VALUES = 500;
/** Largest page one request may ask for: the console pages by PAGE_SIZE; scripts may take more. */
export const MAX_PAGE_SIZE = 100;
/**
 * Most rows a list may have loaded (skip + limit): what one refresh re-reads. The console lets a
 * reader scroll this far; a gateway may set a lower cap of its own (it reads them all per refresh).
 */
export const MAX_LOADED_ROWS = 10_000;

export const uidListSchema = z.array(z.string().min(1).max(200)).max(MAX_FILTER_VALUES).default([]);
export const keyListSchema = z.array(z.string().min(1).max(100)).max(MAX_FILTER_VALUES).default([]);

/**
 * The loaded window of a list: refreshes re-read 0..skip+limit. skip stops where the console's last
 * page ends; gateways check skip + limit against their own cap (at most MAX_LOADED_ROWS).
 */
export const listWindowSchema = z.strictObject({
  skip: z
    .number()
    .int()
    .min(0)
    .max(MAX_LOADED_ROWS - PAGE_SIZE)
    .default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type ListWindow = z.infer<typeof listWindowSchema>;

/** Refresh requests use skip 0 and limit = skip + limit. */
export function refreshWindow(window: ListWindow): ListWindow {
  return { skip: 0, limit: window.skip + window.limit };
}

/** Toggle a set of values: if all are already selected remove them, otherwise add the missing ones. */
export function toggleValues<T>(selected: readonly T[], values: readonly T[]): T[] {
  if (values.length === 0) return [];
  const allSelected = values.every((v) => selected.includes(v));
  if (allSelected) return selected.filter((v) => !values.includes(v));
  return [...selected, ...values.filter((v) => !selected.includes(v))];
}

export function nonEmpty<T>(list: readonly T[]): T[] | undefined {
  return list.length > 0 ? [...list] : undefined;
}
