// Binary codec of one file's facts (the cache entry body and the worker → main-thread transfer).
// Encoding also does the structural sharing: equal values below the fact records (refs, paths,
// argument lists) are written once and referenced, so the decoded facts hold one object for
// them (a smaller main heap, as every file's facts are held at once). Records (a Def, a CallFact)
// and the lists kept per name are never merged: they are told apart by identity.
//
// Layout after the caller's magic, in little-endian Int32 words: a header (counts), the length
// of every string, the shapes (key lists of the objects), then the nodes in post-order
// (every object, array and Map after the values it holds, the root last), then the strings as
// UTF-8 (or, when one is not well-formed, UTF-16) bytes. A value is one word with a tag in its low
// bits: a small integer, a string, a node written before, a constant, or a number as text.
// Post-order makes decoding one loop over the nodes: no recursion, no forward references, and
// sharing is just the same node index twice.
//
// The decoder builds each object with an object literal compiled for its key list, so JSC gives
// it its final structure at once (a generic deserialiser adds properties one at a time), and it
// checks every count, index and length against the bytes left: a corrupt or hostile entry
// decodes to null, never to an exception or an allocation of an unchecked size.
import type { FileFacts } from "./fact-types.ts";

const T_INT = 0;
const T_STR = 1;
const T_NODE = 2;
const T_CONST = 3;
const T_NUM = 4;
const CONSTS = [undefined, null, false, true] as const;
const K_OBJECT = 0;
const K_ARRAY = 1;
const K_MAP = 2;
const INT_MIN = -(1 << 28);
const INT_MAX = (1 << 28) - 1;
const HEADER_WORDS = 6;
/** Slots of the sharing table to begin a file with (doubled when half full). */
const TABLE_SIZE = 1 << 12;
const BLOB_UTF8 = 0;
const BLOB_UTF16 = 1;

/** A key list: objects with the same keys in the same order share one. */
interface Shape {
  id: number;
  keys: string[];
  next: Map<string, Shape>;
  /** The key followed last from here and where it led: most objects repeat their neighbour's. */
  lastKey: string | null;
  lastNext: Shape | null;
  /** Where the value of this shape's last key is met. */
  place: Place;
}

/**
 * Where an object is met (a field of a shape, that field's array items, a fact list): the first
 * key of the object met there last and the shape it led to. Every object begins at the root
 * shape, whose one-key cache missed 84% of the time (a Ref, then its root, then the next Ref);
 * objects met at one place mostly begin with the same key.
 */
interface Place {
  key: string | null;
  next: Shape | null;
  /** The place of the items of an array met here. */
  items: Place | null;
}

const newPlace = (): Place => ({ key: null, next: null, items: null });
const itemsOf = (place: Place): Place => place.items ?? (place.items = newPlace());

const newShape = (id: number, keys: string[]): Shape => ({ id, keys, next: new Map(), lastKey: null, lastNext: null, place: newPlace() });

// Key lists are few (the facts' schema) and the same in every file: kept across files.
const shapeRoot: Shape = newShape(-1, []);
let shapeCount = 0;

/** The shape `key` leads to from `node`. */
function step(node: Shape, key: string): Shape {
  if (node.lastKey === key) return node.lastNext!;
  let next = node.next.get(key);
  if (!next) {
    next = newShape(shapeCount++, [...node.keys, key]);
    node.next.set(key, next);
  }
  node.lastKey = key;
  node.lastNext = next;
  return next;
}

/** The shape of an object's first key `key`, the object met at `place`. */
function first(place: Place, key: string): Shape {
  if (place.key === key) return place.next!;
  const next = step(shapeRoot, key);
  place.key = key;
  place.next = next;
  return next;
}
/** Objects in Maps and in unshared values, met at no place of their own. */
const anywhere = newPlace();

/** An integer written as itself (-0 is not: it is written as text). */
const small = (v: number): boolean => (v | 0) === v && v >= INT_MIN && v <= INT_MAX && (v !== 0 || 1 / v > 0);

const mix = (h: number, v: number): number => Math.imul(h ^ v, 0x9e3779b1) ^ (h >>> 15);

/** One file's encoding state; reset per file, its buffers reused. */
class Writer {
  words = new Int32Array(1 << 16);
  length = 0;
  /** Child words of the nodes being written (post-order writes children before their parent). */
  stack = new Int32Array(1 << 12);
  top = 0;
  /** Where each node starts in `words`, and its hash (shareable nodes). */
  nodeStart = new Int32Array(1 << 14);
  nodeHash = new Int32Array(1 << 14);
  nodes = 0;
  strings = new Map<string, number>();
  stringList: string[] = [];
  /** Global shape id → local shape index + 1 (0: not used in this file yet). */
  localShape: number[] = [];
  shapesUsed: Shape[] = [];
  /**
   * Unshared containers met before → their word, so identity is kept. Shareable values need no
   * such memo (an object met twice is equal to itself), and records occur once each.
   */
  seen = new Map<object, number>();
  /**
   * Arrays met before as a record's field → their word: Python extraction makes one argument
   * list per argument text (facts-py.ts pyArgs), so a call's repeated arguments are found without
   * a walk. Only there: a lookup for every shared value (or every Ref) cost more than the walks it
   * saved, and JS lists are not shared, so its files (`lists` false) do no lookups at all.
   */
  known = new Map<object, number>();
  /** Whether this file's records may share argument lists (Python's facts). */
  lists = false;
  /** Open addressing: node index + 1 of shareable nodes by hash (0: empty). */
  table = new Int32Array(TABLE_SIZE);
  filled = 0;
  /** The shared empty array's word once written (-1: not yet in this file). */
  empty = -1;

  reset(): void {
    this.length = 0;
    this.top = 0;
    this.nodes = 0;
    // New Maps, not clear(): a cleared JSC Map kept its old entries reachable until the next full
    // collection, so every eden collection promoted a third of what a file allocated (+20% extract CPU).
    this.strings = new Map();
    this.stringList = [];
    for (const s of this.shapesUsed) this.localShape[s.id] = 0;
    this.shapesUsed.length = 0;
    this.seen = new Map();
    this.known = new Map();
    // A big file's table is dropped rather than cleared for every small file after it.
    if (this.table.length > TABLE_SIZE) this.table = new Int32Array(TABLE_SIZE);
    else if (this.filled > 0) this.table.fill(0);
    this.filled = 0;
    this.empty = -1;
  }

  private grow(need: number): void {
    let size = this.words.length;
    while (size < need) size *= 2;
    const next = new Int32Array(size);
    next.set(this.words.subarray(0, this.length));
    this.words = next;
  }

  push(word: number): void {
    if (this.top === this.stack.length) {
      const next = new Int32Array(this.stack.length * 2);
      next.set(this.stack);
      this.stack = next;
    }
    this.stack[this.top++] = word;
  }

  string(s: string): number {
    let i = this.strings.get(s);
    if (i === undefined) {
      i = this.stringList.length;
      this.strings.set(s, i);
      this.stringList.push(s);
    }
    return (i << 3) | T_STR;
  }

  primitive(v: unknown): number {
    switch (typeof v) {
      case "string":
        return this.string(v);
      case "number":
        if (small(v)) return (v << 3) | T_INT;
        return (this.string(Object.is(v, -0) ? "-0" : String(v)) & ~7) | T_NUM;
      case "boolean":
        return v ? (3 << 3) | T_CONST : (2 << 3) | T_CONST;
      case "undefined":
        return T_CONST;
      default:
        if (v === null) return (1 << 3) | T_CONST;
        throw new TypeError(`facts codec: cannot encode a ${typeof v}`);
    }
  }

  /** This file's index of `shape`; its keys join the string table on first use. */
  local(shape: Shape): number {
    let local = this.localShape[shape.id] ?? 0;
    if (local === 0) {
      this.shapesUsed.push(shape);
      local = this.localShape[shape.id] = this.shapesUsed.length;
      for (const k of shape.keys) this.string(k);
    }
    return local - 1;
  }

  /** Push the words of a plain object met at `place`; its shape. */
  fields(v: object, share: boolean, place: Place): Shape {
    if (Object.getPrototypeOf(v) !== Object.prototype) throw new TypeError("facts codec: not a plain object");
    return this.plainFields(v, share, place);
  }

  /** fields() of an object known to be plain. */
  plainFields(v: object, share: boolean, place: Place): Shape {
    let shape = shapeRoot;
    for (const key in v) {
      const x = (v as Record<string, unknown>)[key];
      shape = shape === shapeRoot ? first(place, key) : step(shape, key);
      // Strings (half the values) and small integers (offsets, lines, scopes) without the call:
      // shared() is recursive, so never inlined.
      this.push(
        typeof x === "string" ? this.string(x)
        : typeof x === "number" && small(x) ? (x << 3) | T_INT
        : share ? this.shared(x, shape.place) : this.value(x),
      );
    }
    return shape;
  }

  /** `v` as a word, equal values as one node; objects below it are written first. */
  shared(v: unknown, place: Place): number {
    if (typeof v === "string") return this.string(v);
    if (v === null || typeof v !== "object") return this.primitive(v);
    const base = this.top;
    let header: number;
    // Plain objects (Refs and their roots) first: one prototype read tells them.
    if (Object.getPrototypeOf(v) === Object.prototype) {
      header = (this.local(this.plainFields(v, true, place)) << 2) | K_OBJECT;
    } else if (Array.isArray(v)) {
      const n = v.length;
      // A quarter of the shared values (most Refs' paths): found without hashing.
      if (n === 0) return this.empty >= 0 ? this.empty : (this.empty = this.node(K_ARRAY, base, true));
      const items = itemsOf(place);
      for (let i = 0; i < n; i++) {
        const x = v[i];
        this.push(typeof x === "string" ? this.string(x) : this.shared(x, items));
      }
      header = (n << 2) | K_ARRAY;
    } else if (v instanceof Map) {
      for (const [k, item] of v) {
        this.push(this.shared(k, anywhere));
        this.push(this.shared(item, anywhere));
      }
      header = (v.size << 2) | K_MAP;
    } else throw new TypeError("facts codec: not a plain object");
    return this.node(header, base, true);
  }

  /** `v` as a word, its containers kept distinct (an object met twice is one node). */
  value(v: unknown): number {
    if (v === null || typeof v !== "object") return this.primitive(v);
    const known = this.seen.get(v);
    if (known !== undefined) return known;
    const base = this.top;
    let header: number;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) this.push(this.value(v[i]));
      header = (v.length << 2) | K_ARRAY;
    } else if (v instanceof Map) {
      for (const [k, item] of v) {
        this.push(this.value(k));
        this.push(this.value(item));
      }
      header = (v.size << 2) | K_MAP;
    } else {
      header = (this.local(this.fields(v, false, anywhere)) << 2) | K_OBJECT;
    }
    const word = this.node(header, base, false);
    this.seen.set(v, word);
    return word;
  }

  /** Write a node from its header and the child words on the stack from `base`; its word. */
  node(header: number, base: number, share: boolean): number {
    const count = this.top - base;
    if (this.length + count + 1 > this.words.length) this.grow(this.length + count + 1);
    const words = this.words;
    const stack = this.stack;
    const start = this.length;
    words[start] = header;
    let h = header;
    // Distinct nodes (records, lists kept per name) are never looked up: no hash.
    if (share) {
      for (let i = 0; i < count; i++) {
        const w = stack[base + i]!;
        words[start + 1 + i] = w;
        h = mix(h, w);
      }
    } else for (let i = 0; i < count; i++) words[start + 1 + i] = stack[base + i]!;
    this.top = base;
    this.length = start + count + 1;
    const index = this.nodes;
    if (share) {
      const table = this.table;
      const mask = table.length - 1;
      for (let at = h & mask; ; at = (at + 1) & mask) {
        const entry = table[at]!;
        if (entry === 0) {
          table[at] = index + 1;
          break;
        }
        if (this.nodeHash[entry - 1] === h && this.sameAs(entry - 1, start, count)) {
          this.length = start;
          return ((entry - 1) << 3) | T_NODE;
        }
      }
      if (++this.filled * 2 > table.length) this.rehash();
    }
    if (index === this.nodeStart.length) {
      const starts = new Int32Array(index * 2);
      starts.set(this.nodeStart);
      this.nodeStart = starts;
      const hashes = new Int32Array(index * 2);
      hashes.set(this.nodeHash);
      this.nodeHash = hashes;
    }
    this.nodeStart[index] = start;
    this.nodeHash[index] = h;
    this.nodes = index + 1;
    return (index << 3) | T_NODE;
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      let at = this.nodeHash[entry - 1]! & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = entry;
    }
    this.table = table;
  }

  private sameAs(node: number, start: number, count: number): boolean {
    const words = this.words;
    const at = this.nodeStart[node]!;
    const end = node + 1 < this.nodes ? this.nodeStart[node + 1]! : start;
    if (end - at !== count + 1) return false;
    for (let i = 0; i <= count; i++) if (words[at + i] !== words[start + i]) return false;
    return true;
  }

  /** A container kept distinct whose items are written by `item`. */
  list(v: unknown, item: (x: unknown) => number): number {
    if (!Array.isArray(v)) return this.value(v);
    const known = this.seen.get(v);
    if (known !== undefined) return known;
    const base = this.top;
    for (let i = 0; i < v.length; i++) this.push(item(v[i]));
    const word = this.node((v.length << 2) | K_ARRAY, base, false);
    this.seen.set(v, word);
    return word;
  }

  map(v: unknown, item: (x: unknown) => number): number {
    if (!(v instanceof Map)) return this.value(v);
    const known = this.seen.get(v);
    if (known !== undefined) return known;
    const base = this.top;
    for (const [k, x] of v) {
      this.push(this.primitive(k));
      this.push(item(x));
    }
    const word = this.node((v.size << 2) | K_MAP, base, false);
    this.seen.set(v, word);
    return word;
  }

  /** shared(v), an argument list met before found by identity. */
  once(v: unknown, place: Place): number {
    if (!Array.isArray(v)) return this.shared(v, place);
    let word = this.known.get(v);
    if (word === undefined) this.known.set(v, (word = this.shared(v, place)));
    return word;
  }

  /** A record met at `place`: itself distinct, the values of its fields shared. */
  record(v: unknown, place: Place): number {
    if (v === null || typeof v !== "object" || Array.isArray(v) || v instanceof Map) return this.value(v);
    const base = this.top;
    if (!this.lists) return this.node((this.local(this.fields(v, true, place)) << 2) | K_OBJECT, base, false);
    if (Object.getPrototypeOf(v) !== Object.prototype) throw new TypeError("facts codec: not a plain object");
    let shape = shapeRoot;
    for (const key in v) {
      shape = shape === shapeRoot ? first(place, key) : step(shape, key);
      const x = (v as Record<string, unknown>)[key];
      this.push(typeof x === "string" ? this.string(x) : typeof x === "number" && small(x) ? (x << 3) | T_INT : this.once(x, shape.place));
    }
    return this.node((this.local(shape) << 2) | K_OBJECT, base, false);
  }
}

const writer = new Writer();
/** Writes the items of one field's lists: each field is a place of its own. */
const sharedIn = (place: Place) => (x: unknown): number => writer.shared(x, place);
const recordIn = (place: Place) => (x: unknown): number => writer.record(x, place);
/** A name's value in a scope: one Ref (shared) or its Refs (a list kept distinct). */
const bound = newPlace();
const boundRef = sharedIn(bound);
const boundRefs = sharedIn(itemsOf(bound));
const boundValue = (x: unknown): number => (Array.isArray(x) ? writer.list(x, boundRefs) : boundRef(x));
const scopeNames = (x: unknown): number =>
  x instanceof Map ? writer.map(x, boundValue) : writer.list(x, (y) => (typeof y === "string" ? writer.string(y) : boundValue(y)));
const refListsIn = (place: Place): ((x: unknown) => number) => {
  const ref = sharedIn(place);
  return (x) => writer.map(x, (list) => writer.list(list, ref));
};
const listOf = (item: (x: unknown) => number) => (v: unknown): number => writer.list(v, item);

/** How each field of FileFacts is written; other fields are written as they are, unshared. */
const FIELDS: Record<string, (v: unknown) => number> = {
  defs: listOf(recordIn(newPlace())),
  calls: listOf(recordIn(newPlace())),
  imports: listOf(recordIn(newPlace())),
  dynamic: listOf(recordIn(newPlace())),
  objAttrs: listOf(recordIn(newPlace())),
  cjs: listOf(sharedIn(newPlace())),
  bindings: listOf(scopeNames),
  attrs: ((refs) => (v: unknown) => writer.map(v, refs))(refListsIn(newPlace())),
  exports: refListsIn(newPlace()),
  returns: refListsIn(newPlace()),
};

/** `magic` followed by the facts' encoding. Throws on values facts never hold (a bug). */
export function encodeWith(magic: Uint8Array, facts: FileFacts): Uint8Array {
  const w = writer;
  w.reset();
  w.lists = facts.language === "python";
  try {
    let shape = shapeRoot;
    const base = w.top;
    for (const key in facts) {
      const v = (facts as unknown as Record<string, unknown>)[key];
      const write = FIELDS[key];
      w.push(write ? write(v) : w.value(v));
      shape = step(shape, key);
    }
    w.node((w.local(shape) << 2) | K_OBJECT, base, false);
    return assemble(magic, w);
  } finally {
    w.reset();
  }
}

/** Node's Buffer methods that Bun has and @types/node does not declare. */
interface Slicing {
  utf8Slice(start: number, end: number): string;
  ucs2Slice(start: number, end: number): string;
}
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** The strings' bytes before they go to the entry; grown as needed, kept across files. */
let scratch = Buffer.allocUnsafe(1 << 16);
let lengths = new Int32Array(1 << 12);

function assemble(magic: Uint8Array, w: Writer): Uint8Array {
  const list = w.stringList;
  if (lengths.length < list.length) lengths = new Int32Array(list.length * 2);
  const joined = list.join("");
  if (scratch.length < joined.length * 3) scratch = Buffer.allocUnsafe(joined.length * 3);
  let utf8 = true;
  let blobBytes = scratch.write(joined, 0, "utf8");
  if (blobBytes === joined.length) {
    // All ASCII, as strings of code mostly are: written in one call, each one byte a unit.
    for (let i = 0; i < list.length; i++) lengths[i] = list[i]!.length;
  } else {
    // UTF-8 cannot hold a lone surrogate (a text clipped inside a pair): such files keep UTF-16.
    for (const s of list) if (!wellFormed(s)) utf8 = false;
    blobBytes = 0;
    for (let i = 0; i < list.length; i++) {
      const n = utf8 ? scratch.write(list[i]!, blobBytes, "utf8") : scratch.write(list[i]!, blobBytes, "utf16le") / 2;
      lengths[i] = n;
      blobBytes += utf8 ? n : 2 * n;
    }
  }
  let shapeWords = 0;
  for (const s of w.shapesUsed) shapeWords += 1 + s.keys.length;
  const words = HEADER_WORDS + list.length + shapeWords + w.length;
  const prefix = (magic.length + 3) & ~3;
  const out = new Uint8Array(prefix + words * 4 + blobBytes);
  out.set(magic, 0);
  const ints = new Int32Array(out.buffer, prefix, words);
  ints[0] = list.length;
  ints[1] = utf8 ? BLOB_UTF8 : BLOB_UTF16;
  ints[2] = blobBytes;
  ints[3] = w.shapesUsed.length;
  ints[4] = w.nodes;
  ints[5] = w.length;
  ints.set(lengths.subarray(0, list.length), HEADER_WORDS);
  let at = HEADER_WORDS + list.length;
  for (const s of w.shapesUsed) {
    ints[at++] = s.keys.length;
    for (const k of s.keys) ints[at++] = w.string(k) >> 3;
  }
  ints.set(w.words.subarray(0, w.length), at);
  out.set(scratch.subarray(0, blobBytes), prefix + words * 4);
  return out;
}

/** Thrown inside decoding on anything out of bounds; never leaves decodeWith. */
const BAD = new Error("facts codec: bad entry");
/** Compiled object literals by key list; bounded, as entries from disk may bring any key lists. */
const builders = new Map<string, Builder>();
const MAX_BUILDERS = 1024;
type Builder = (words: Int32Array, at: number, value: (w: number) => unknown) => unknown;

function builderFor(keys: string[]): Builder {
  const id = keys.join("\u0000");
  let build = builders.get(id);
  if (build) return build;
  // A quoted "__proto__" in a literal sets the prototype; facts never have such a key.
  if (keys.includes("__proto__")) throw BAD;
  if (builders.size < MAX_BUILDERS) {
    const body = keys.map((k, i) => `${JSON.stringify(k)}: value(words[at + ${i}])`).join(", ");
    build = new Function("words", "at", "value", `return { ${body} };`) as Builder;
    builders.set(id, build);
  } else {
    build = (words, at, value) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) o[keys[i]!] = value(words[at + i]!);
      return o;
    };
  }
  return build;
}

/**
 * Strings of every file decoded so far, by the hash of their bytes: a name decoded again (`exports`,
 * `this`, an imported name, a parameter) is the string decoded before, compared byte by byte and
 * not allocated. Each file has a string table of its own, so the facts of a project held the same
 * identifier once per file that names it (103k strings at 200k JS lines, 3.5k of them distinct):
 * heap the main thread allocated and the collector marked, and each copy's hash computed anew where
 * the resolver keys a Map by it. Only short ASCII strings (names, not texts), and a bounded table:
 * once full it is kept as it is, and later strings are decoded as before.
 */
const INTERN_MAX = 48;
const INTERN_SLOTS = 1 << 16;
const internKeys = new Int32Array(INTERN_SLOTS);
const internStrings: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS);
let internFilled = 0;

function interned(bytes: Uint8Array, from: number, n: number, buffer: Slicing): string {
  let h = n;
  for (let i = from, end = from + n; i < end; i++) {
    const b = bytes[i]!;
    // A multi-byte character: its string is decoded as UTF-8, as any other long one.
    if (b >= 0x80) return buffer.utf8Slice(from, end);
    h = Math.imul(h ^ b, 0x01000193);
  }
  h ^= h >>> 15;
  const mask = INTERN_SLOTS - 1;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const known = internStrings[slot];
    if (known === undefined) {
      const s = buffer.utf8Slice(from, from + n);
      // Half full at most: probes stay short, and an empty slot always ends them.
      if (internFilled * 2 < INTERN_SLOTS) {
        internFilled++;
        internKeys[slot] = h;
        internStrings[slot] = s;
      }
      return s;
    }
    if (internKeys[slot] === h && known.length === n && sameAscii(known, bytes, from)) return known;
  }
}

/** Whether `s` (of the bytes' length) is those ASCII bytes. */
function sameAscii(s: string, bytes: Uint8Array, from: number): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== bytes[from + i]) return false;
  return true;
}

// The entry being decoded (decoding is synchronous and not re-entered).
let strings: readonly (string | undefined)[] = [];
let nodes: readonly unknown[] = [];
let built = 0;
let usedStrings = 0;
/** The entry's string count (its table may be longer: reused). */
let tableStrings = 0;
const NO_STRINGS: readonly string[] = [];
const NO_NODES: readonly unknown[] = [];
/**
 * The string and node tables, reused from entry to entry (grown to the largest): made per entry
 * they were garbage the size of all the facts' nodes (~7 MB per 200k JS lines) allocated by the
 * main thread as it decodes every file. An entry bigger than MAX_SLOTS gets tables of its own,
 * so no huge one is kept.
 */
let stringSlots: (string | undefined)[] = [];
let nodeSlots: unknown[] = [];
const MAX_SLOTS = 1 << 16;

function valueOf(w: number): unknown {
  const i = w >>> 3;
  switch (w & 7) {
    case T_INT:
      return w >> 3;
    case T_STR:
      if (i >= tableStrings) throw BAD;
      return strings[i];
    case T_NODE:
      if (i >= built) throw BAD;
      return nodes[i];
    case T_CONST:
      if (i >= CONSTS.length) throw BAD;
      return CONSTS[i];
    case T_NUM:
      if (i >= tableStrings) throw BAD;
      return Number(strings[i]);
    default:
      throw BAD;
  }
}

/** The value encoded after `magicLength` bytes, or null when the bytes are not a whole encoding. */
export function decodeWith(magicLength: number, bytes: Uint8Array): unknown {
  const prefix = (magicLength + 3) & ~3;
  if (bytes.length < prefix + HEADER_WORDS * 4) return null;
  // Int32 views need aligned bytes; a read buffer may start anywhere. A copy, not slice(): a
  // Buffer's slice is a view at the same offset (such entries decoded to null).
  if ((bytes.byteOffset + prefix) % 4 !== 0) bytes = new Uint8Array(bytes);
  const available = (bytes.length - prefix) >> 2;
  try {
    return decodeWords(bytes, prefix, available);
  } catch {
    return null;
  } finally {
    // The tables are kept for the next entry, emptied so they hold none of this one's values.
    if (strings === stringSlots) stringSlots.fill(undefined, 0, usedStrings);
    if (nodes === nodeSlots) nodeSlots.fill(undefined, 0, built);
    strings = NO_STRINGS;
    nodes = NO_NODES;
    usedStrings = 0;
    tableStrings = 0;
    built = 0;
  }
}

function decodeWords(bytes: Uint8Array, prefix: number, available: number): unknown {
  const head = new Int32Array(bytes.buffer, bytes.byteOffset + prefix, HEADER_WORDS);
  const [stringCount, blobKind, blobBytes, shapeCount, nodeCount, nodeWords] = head as unknown as number[];
  // Each count below is at most the words left, checked before anything of its size is made.
  let left = available - HEADER_WORDS;
  if (!(stringCount! >= 0 && stringCount! <= left)) throw BAD;
  left -= stringCount!;
  if (!(shapeCount! >= 0 && shapeCount! <= left && nodeWords! >= 0 && nodeWords! <= left && nodeCount! >= 1 && nodeCount! <= nodeWords!)) throw BAD;
  if (!(blobBytes! >= 0 && (blobKind === BLOB_UTF8 || (blobKind === BLOB_UTF16 && blobBytes! % 2 === 0)))) throw BAD;
  const total = HEADER_WORDS + stringCount! + nodeWords!;
  if (total > available) throw BAD;
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + prefix, available);
  let at = HEADER_WORDS;
  const shapeStart = at + stringCount!;
  let shapeEnd = shapeStart;
  for (let s = 0; s < shapeCount!; s++) {
    if (shapeEnd >= available) throw BAD;
    const n = words[shapeEnd]!;
    if (!(n >= 0 && n <= available - shapeEnd - 1)) throw BAD;
    shapeEnd += 1 + n;
  }
  const bodyEnd = shapeEnd + nodeWords!;
  if (bodyEnd > available) throw BAD;
  const blobAt = prefix + bodyEnd * 4;
  if (blobAt + blobBytes! !== bytes.length) throw BAD;
  // Each string its own flat copy: slices of one decoded text kept that text alive in pieces
  // (+4 MB for the facts of 557k lines).
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) as unknown as Slicing;
  const table = stringCount! <= MAX_SLOTS ? (stringSlots.length >= stringCount! ? stringSlots : (stringSlots = new Array<string | undefined>(stringCount!))) : new Array<string>(stringCount!);
  strings = table;
  tableStrings = stringCount!;
  let from = blobAt;
  for (let s = 0; s < stringCount!; s++) {
    const n = words[at++]!;
    if (blobKind === BLOB_UTF8) {
      if (!(n >= 0 && n <= bytes.length - from)) throw BAD;
      table[s] = n <= INTERN_MAX ? interned(bytes, from, n, buffer) : buffer.utf8Slice(from, from + n);
      usedStrings = s + 1;
      from += n;
    } else {
      if (!(n >= 0 && 2 * n <= bytes.length - from)) throw BAD;
      table[s] = buffer.ucs2Slice(from, from + 2 * n);
      usedStrings = s + 1;
      from += 2 * n;
    }
  }
  if (from !== bytes.length) throw BAD;
  const shapes: Builder[] = [];
  const sizes: number[] = [];
  at = shapeStart;
  for (let s = 0; s < shapeCount!; s++) {
    const n = words[at++]!;
    const keys: string[] = [];
    for (let k = 0; k < n; k++) {
      const i = words[at++]!;
      if (!(i >= 0 && i < stringCount!)) throw BAD;
      keys.push(table[i]!);
    }
    shapes.push(builderFor(keys));
    sizes.push(n);
  }
  const out = nodeCount! <= MAX_SLOTS ? (nodeSlots.length >= nodeCount! ? nodeSlots : (nodeSlots = new Array<unknown>(nodeCount!))) : new Array<unknown>(nodeCount!);
  nodes = out;
  built = 0;
  for (let n = 0; n < nodeCount!; n++) {
    if (at >= bodyEnd) throw BAD;
    const header = words[at++]!;
    const count = header >>> 2;
    let node: unknown;
    switch (header & 3) {
      case K_OBJECT: {
        if (count >= shapes.length) throw BAD;
        const size = sizes[count]!;
        if (size > bodyEnd - at) throw BAD;
        node = shapes[count]!(words, at, valueOf);
        at += size;
        break;
      }
      case K_ARRAY: {
        if (count > bodyEnd - at) throw BAD;
        const list: unknown[] = new Array<unknown>(count);
        for (let i = 0; i < count; i++) list[i] = valueOf(words[at + i]!);
        at += count;
        node = list;
        break;
      }
      case K_MAP: {
        if (count > (bodyEnd - at) / 2) throw BAD;
        const map = new Map<unknown, unknown>();
        for (let i = 0; i < count; i++) map.set(valueOf(words[at + 2 * i]!), valueOf(words[at + 2 * i + 1]!));
        at += 2 * count;
        node = map;
        break;
      }
      default:
        throw BAD;
    }
    out[n] = node;
    built = n + 1;
  }
  if (at !== bodyEnd) throw BAD;
  return out[nodeCount! - 1];
}
