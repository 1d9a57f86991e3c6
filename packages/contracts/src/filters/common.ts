import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';

/** Cap on list-valued filter inputs: generous for real use, bounded against abuse. */
export const MAX_FILTER_VALUES = 500;
export const MAX_WINDOW = 5000;

export const uidListSchema = z.array(z.string().min(1).max(200)).max(MAX_FILTER_VALUES).default([]);
export const keyListSchema = z.array(z.string().min(1).max(100)).max(MAX_FILTER_VALUES).default([]);

/** The loaded window of a list: refreshes re-read 0..skip+limit. */
export const listWindowSchema = z.strictObject({
  skip: z.number().int().min(0).max(MAX_WINDOW).default(0),
  limit: z.number().int().min(1).max(MAX_WINDOW).default(PAGE_SIZE),
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
