/** A Web Storage (localStorage-like) in memory, with an optional byte quota to test QuotaExceededError. */
export class MemoryWebStorage implements Storage {
  private map = new Map<string, string>();
  writes: string[] = [];
  constructor(public quotaChars = Infinity) {}
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    const used = [...this.map].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quotaChars) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(key, String(value));
    this.writes.push(key);
  }
}
