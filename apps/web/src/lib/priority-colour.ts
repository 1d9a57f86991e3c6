/** Colour names of the design tokens (`var(--color-<name>)`, `var(--tint-<name>)`). */
export type ColourName =
  | 'red'
  | 'light-red'
  | 'orange'
  | 'yellow'
  | 'green'
  | 'light-blue'
  | 'gray'
  | 'pink'
  | 'blue';

/** Row colour by display_priority: 0 red, 1 light red, 2 orange, 3 yellow, 4 green, 5 light blue, else red. */
export function priorityColour(priority: number | null | undefined): ColourName {
  switch (priority) {
    case 0:
      return 'red';
    case 1:
      return 'light-red';
    case 2:
      return 'orange';
    case 3:
      return 'yellow';
    case 4:
      return 'green';
    case 5:
      return 'light-blue';
    default:
      return 'red';
  }
}

/** Summary colour: the worst non-empty bucket among priorities 0-3, otherwise green. */
export function summaryColour(counts: Readonly<Record<number, number | undefined>>): ColourName {
  for (const p of [0, 1, 2, 3]) if ((counts[p] ?? 0) > 0) return priorityColour(p);
  return 'green';
}

export const colourVar = (name: ColourName) => `var(--color-${name})`;
export const tintVar = (name: ColourName) => `var(--tint-${name})`;
