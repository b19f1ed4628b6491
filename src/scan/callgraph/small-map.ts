// A map for the many small maps of the resolver's memo (names asked per scope: a few each): its
// entries in one array (key, value, key, value...), read by a scan, until it grows past SMALL
// entries, then a Map. A JavaScriptCore Map of five entries takes ~1 KB of heap, this ~150 bytes:
// at 1M lines, ~100k of them were alive at assembly's peak.

/** The part of Map that memo maps are used through. */
export interface Keyed<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): unknown;
  delete(key: K): boolean;
}

/** Entries kept in the array; more go to a Map (a scan would cost more than a hash lookup). */
const SMALL = 12;

export class SmallMap<K, V> implements Keyed<K, V> {
  private items: (K | V)[] | null = null;
  private map: Map<K, V> | null = null;

  get(key: K): V | undefined {
    if (this.map) return this.map.get(key);
    const at = this.at(key);
    return at < 0 ? undefined : (this.items![at + 1] as V);
  }

  has(key: K): boolean {
    if (this.map) return this.map.has(key);
    return this.at(key) >= 0;
  }

  set(key: K, value: V): void {
    if (this.map) {
      this.map.set(key, value);
      return;
    }
    const at = this.at(key);
    if (at >= 0) {
      this.items![at + 1] = value;
      return;
    }
    if (!this.items) this.items = [key, value];
    else if (this.items.length < SMALL * 2) this.items.push(key, value);
    else {
      const map = new Map<K, V>();
      for (let i = 0; i < this.items.length; i += 2) map.set(this.items[i] as K, this.items[i + 1] as V);
      map.set(key, value);
      this.map = map;
      this.items = null;
    }
  }

  delete(key: K): boolean {
    if (this.map) return this.map.delete(key);
    const at = this.at(key);
    if (at < 0) return false;
    this.items!.splice(at, 2);
    return true;
  }

  private at(key: K): number {
    const items = this.items;
    if (items) for (let i = 0; i < items.length; i += 2) if (items[i] === key) return i;
    return -1;
  }
}

/**
 * A memo map keyed by small whole numbers (def indices): its values at their index in one array,
 * so a lookup is an index rather than a hash (what a function returns is asked for every call of it).
 */
export class IndexMap<V> implements Keyed<number, V> {
  private items: (V | undefined)[] = [];

  get(key: number): V | undefined {
    return this.items[key];
  }

  has(key: number): boolean {
    return this.items[key] !== undefined;
  }

  set(key: number, value: V): void {
    // Filled up to the key first: an array written out of order with gaps may be kept as a sparse map.
    while (this.items.length < key) this.items.push(undefined);
    this.items[key] = value;
  }

  delete(key: number): boolean {
    if (this.items[key] === undefined) return false;
    this.items[key] = undefined;
    return true;
  }
}
