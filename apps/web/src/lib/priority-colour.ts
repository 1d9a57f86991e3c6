import type { Colour, DarkColour } from '@waybill/contracts';

/** Colour names of the design tokens (`var(--color-<name>)`, `var(--tint-<name>)`); rules return them. */
export type ColourName = Colour | DarkColour;

export const colourVar = (name: ColourName) => `var(--color-${name})`;
/** Text colour on a solid fill of the colour, readable at 4.5:1 (`var(--on-<name>)`). */
export const onColourVar = (name: ColourName) => `var(--on-${name})`;
export const tintVar = (name: ColourName) => `var(--tint-${name.replace(/^dark-/, '')})`;
