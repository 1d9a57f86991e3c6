import type { Colour, DarkColour } from '@waybill/contracts';

/** Colour names of the design tokens (`var(--color-<name>)`, `var(--tint-<name>)`); rules return them. */
export type ColourName = Colour | DarkColour;

export const colourVar = (name: ColourName) => `var(--color-${name})`;
/** Text colour on a solid fill of the colour, readable at 4.5:1 (`var(--on-<name>)`). */
export const onColourVar = (name: ColourName) => `var(--on-${name})`;
export const tintVar = (name: ColourName) => `var(--tint-${name.replace(/^dark-/, '')})`;

/** The token a colour uses as text on a light surface: itself when it reads at 4.5:1, else a darker one. */
const TEXT_TOKEN: Partial<Record<ColourName, string>> = {
  'light-red': '--color-dark-red',
  orange: '--color-dark-orange',
  yellow: '--color-dark-yellow',
  green: '--color-dark-green',
  'light-blue': '--color-dark-blue',
  blue: '--color-dark-blue',
  gray: '--text-subtle',
  pink: '--ink-pink',
};

/** A colour as text on the page or a muted surface, readable at 4.5:1 (e.g. the list footer's count). */
export const textColourVar = (name: ColourName) => `var(${TEXT_TOKEN[name] ?? `--color-${name}`})`;

/**
 * A colour as text in a list row, which takes its priority tint on hover: as `textColourVar`, but red
 * (4.4:1 on its own tint) gives way to dark red.
 */
export const rowTextColourVar = (name: ColourName) =>
  name === 'red' ? colourVar('dark-red') : textColourVar(name);
