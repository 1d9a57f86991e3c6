import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onColourVar, rowTextColourVar, textColourVar } from './priority-colour.js';

const tokens = readFileSync(join(import.meta.dirname, '../styles/tokens.css'), 'utf8');
const declared = new Map([...tokens.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

/** A token's hex value, following var() references. */
function hex(name: string): string {
  const value = declared.get(name);
  if (value === undefined) throw new Error(`${name} is not declared in tokens.css`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? hex(ref[1]!) : value;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(c.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('text on a colour fill', () => {
  const colours = [...declared.keys()].filter((k) => k.startsWith('--color-')).map((k) => k.slice(8));

  it.each(colours)('--on-%s reads at 4.5:1 or more on its colour', (name) => {
    expect(onColourVar(name as never)).toBe(`var(--on-${name})`);
    expect(contrast(hex(`--color-${name}`), hex(`--on-${name}`))).toBeGreaterThanOrEqual(4.5);
  });

  it('covers every colour of the palette', () => {
    expect(colours).toHaveLength(15);
  });
});

describe('a colour as text on a light surface', () => {
  const colours = [...declared.keys()].filter((k) => k.startsWith('--color-')).map((k) => k.slice(8));

  it.each(colours)('%s reads at 4.5:1 or more on the page and on a muted surface', (name) => {
    const token = /^var\((--[\w-]+)\)$/.exec(textColourVar(name as never))![1]!;
    expect(contrast(hex(token), hex('--surface'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(hex(token), hex('--surface-muted'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('a colour as text in a list row', () => {
  const colours = [...declared.keys()].filter((k) => k.startsWith('--color-')).map((k) => k.slice(8));
  const tints = [...declared.keys()].filter((k) => k.startsWith('--tint-'));

  it.each(colours)('%s reads at 4.5:1 or more on the row and on every hover tint', (name) => {
    const token = /^var\((--[\w-]+)\)$/.exec(rowTextColourVar(name as never))![1]!;
    for (const background of ['--surface', ...tints])
      expect(contrast(hex(token), hex(background)), background).toBeGreaterThanOrEqual(4.5);
  });
});
