/** `1.2.3` as numbers (a pre-release or build suffix ignored); null when it is not a version. */
function parseVersion(text: string): [number, number, number] | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/**
 * Whether `version` is in `range`: space-separated comparators that must all hold (`>=1.0.0 <2`),
 * each `>=`, `>`, `<=`, `<` or `=` (or none) and a version. Null when either cannot be read.
 */
export function satisfies(version: string, range: string): boolean | null {
  const v = parseVersion(version);
  const comparators = range.trim().split(/\s+/).filter(Boolean);
  if (!v || comparators.length === 0) return null;
  for (const comparator of comparators) {
    const match = /^(>=|<=|>|<|=)?(.+)$/.exec(comparator);
    const bound = match?.[2] ? parseVersion(match[2]) : null;
    if (!match || !bound) return null;
    const order = compare(v, bound);
    const ok =
      match[1] === '>='
        ? order >= 0
        : match[1] === '>'
          ? order > 0
          : match[1] === '<='
            ? order <= 0
            : match[1] === '<'
              ? order < 0
              : order === 0;
    if (!ok) return false;
  }
  return true;
}
