import type { z } from 'zod';
import type { UrlFilterCodec } from './use-url-filters.js';

/** How one filter field reads in the URL: a comma list of words or of integers, a 0/1 flag, or text. */
export type UrlFieldKind = 'list' | 'numbers' | 'flag' | 'text';

export interface UrlField {
  param: string;
  kind: UrlFieldKind;
}

/** An empty list, where the default is not empty ('?status=all'); a cleared choice ('?country=none'). */
const EMPTY = 'all';
const NONE = 'none';
const MAX_TEXT = 200;
const MAX_VALUES = 200;

const sameValue = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v) => b.includes(v)) && b.every((v) => a.includes(v));
  }
  return a === b;
};

function encodeField(kind: UrlFieldKind, value: unknown): string {
  if (value === null) return NONE;
  if (kind === 'flag') return value ? '1' : '0';
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.join(',');
  return String(value);
}

function decodeField(kind: UrlFieldKind, raw: string): unknown {
  if (kind === 'flag') return raw === '1' ? true : raw === '0' ? false : undefined;
  if (kind === 'text') return raw.trim().slice(0, MAX_TEXT);
  if (raw === EMPTY) return [];
  const parts = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= MAX_TEXT)
    .slice(0, MAX_VALUES);
  return kind === 'numbers' ? [...new Set(parts.map(Number))] : [...new Set(parts)];
}

/**
 * A URL codec for a flat filter object validated by a zod object schema: each field has its own
 * parameter; only fields that differ from the defaults are written; a value the schema refuses
 * falls back to that field's default (a bad link never breaks the screen).
 */
export function schemaUrlCodec<Filter extends Record<string, unknown>>(
  schema: z.ZodObject<{ [K in keyof Filter]: z.ZodType }>,
  fields: { [K in keyof Filter]: UrlField },
): UrlFilterCodec<Filter> {
  const entries = Object.entries(fields) as [keyof Filter & string, UrlField][];
  return {
    params: entries.map(([, f]) => f.param),
    encode(filter, defaults, base) {
      const params = new URLSearchParams(base);
      for (const [key, field] of entries) {
        params.delete(field.param);
        const value = typeof filter[key] === 'string' ? (filter[key] as string).trim() : filter[key];
        if (!sameValue(value, defaults[key])) params.set(field.param, encodeField(field.kind, value));
      }
      return params;
    },
    decode(params, defaults) {
      const filter: Record<string, unknown> = { ...defaults };
      for (const [key, field] of entries) {
        const raw = params.get(field.param);
        if (raw === null) continue;
        const shape = schema.shape[key];
        // 'none' is a cleared choice where the field can be empty (null); elsewhere it is plain text.
        const decoded = raw === NONE && shape.safeParse(null).success ? null : decodeField(field.kind, raw);
        const parsed = shape.safeParse(decoded);
        if (decoded !== undefined && parsed.success) filter[key] = parsed.data;
      }
      return filter as Filter;
    },
  };
}
