/** Product placeholder picture: a coloured tile with the product's initials. */
export function itemSvg(title: string | null, hue: number): string {
  const initials =
    (title ?? '?')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const safe = initials.replace(/[^A-Z0-9?]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" rx="12" fill="hsl(${hue},55%,82%)"/><text x="60" y="72" font-family="Helvetica,Arial,sans-serif" font-size="40" text-anchor="middle" fill="hsl(${hue},45%,30%)">${safe}</text></svg>`;
}
