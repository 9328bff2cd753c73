const count = new Intl.NumberFormat('en-US');

/** "1 note", "1,234 notes": how every message counts notes (docs/product.md). */
export const notesCount = (n: number) => `${count.format(n)} ${n === 1 ? 'note' : 'notes'}`;
