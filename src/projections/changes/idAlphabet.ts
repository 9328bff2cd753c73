/** Block ids as characters, so fast-diff can diff sequences of blocks (docs/architecture.md "Saves as changes"). */

/** One character per block id (fast-diff compares strings): codes from U+0100, skipping surrogates. */
export class IdAlphabet {
  private readonly codes = new Map<string, string>();
  /** The character that stands for `id`. */
  of(id: string): string {
    let c = this.codes.get(id);
    if (c === undefined) {
      let n = 0x100 + this.codes.size;
      if (n >= 0xd800) n += 0x800;
      c = String.fromCharCode(n);
      this.codes.set(id, c);
    }
    return c;
  }
}
