const SEPARATOR = '\u0000';

/**
 * Substring search over every order's search text. The texts live in one string (by stable
 * slot) so a search is a few fast indexOf calls instead of 100k scattered string reads.
 */
export class TextIndex {
  private readonly texts: string[] = [];
  private readonly starts: number[] = [];
  private haystack: string | null = null;

  set(slot: number, text: string): void {
    const clean = text.replaceAll(SEPARATOR, '');
    if (slot === this.texts.length) {
      this.texts.push(clean);
      if (this.haystack !== null) {
        this.starts.push(this.haystack.length + 1);
        this.haystack += SEPARATOR + clean;
      }
      return;
    }
    if (this.texts[slot] === clean) return;
    this.texts[slot] = clean;
    this.haystack = null;
  }

  private build(): string {
    if (this.haystack !== null) return this.haystack;
    this.starts.length = 0;
    let at = 1;
    for (const text of this.texts) {
      this.starts.push(at);
      at += text.length + 1;
    }
    this.haystack = SEPARATOR + this.texts.join(SEPARATOR);
    return this.haystack;
  }

  private slotAt(position: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.starts[mid] as number) <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Slots whose text contains `term` (already lower-cased), as a lookup array. */
  match(term: string): Uint8Array {
    const found = new Uint8Array(this.texts.length);
    if (term === '' || term.includes(SEPARATOR)) return found;
    const haystack = this.build();
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(term, from);
      if (at < 0) break;
      const slot = this.slotAt(at);
      found[slot] = 1;
      // Continue after this slot's text: one hit per slot is enough.
      from = (this.starts[slot + 1] as number | undefined) ?? haystack.length;
    }
    return found;
  }
}
