// Faster crossings into tree-sitter's WASM for the Node accessors extraction calls millions of
// times. web-tree-sitter passes a node to WASM by writing its five words into a transfer buffer,
// and reads returned nodes back the same way, each word through setValue/getValue (a switch on a
// type string, then a DataView), and it looks every WASM export up on its module object (hundreds
// of properties) per call. Here the same words are written and read through an Int32Array and the
// exports are looked up once: the same WASM functions get the same arguments, so every result is
// the library's (test/callgraph/wasm-node.test.ts compares them on every node of the fixtures).
// `queryMatches` is Query.matches read the same way. A node's type, end, end point and children
// lists need no call at all: they are read from the tree's memory (see typeAt and pushChildren;
// the test compares them, each child's position too). The five words and their order
// are web-tree-sitter 0.27's marshalNode/unmarshalNode; the test fails if a release changes them.
import { Node, type Query, type QueryCapture, type QueryMatch, type Tree } from "web-tree-sitter";

/** The parts of web-tree-sitter's emscripten module used here. */
interface Wasm {
  HEAP32: Int32Array;
  _ts_init(): number;
  _free(address: number): void;
  _ts_node_symbol_wasm(tree: number): number;
  _ts_node_is_named_wasm(tree: number): number;
  _ts_node_has_error_wasm(tree: number): number;
  _ts_node_child_count_wasm(tree: number): number;
  _ts_node_named_child_count_wasm(tree: number): number;
  _ts_node_child_wasm(tree: number, index: number): void;
  _ts_node_named_child_wasm(tree: number, index: number): void;
  _ts_node_child_by_field_id_wasm(tree: number, field: number): void;
  _ts_node_child_with_descendant_wasm(tree: number): void;
  _ts_node_parent_wasm(tree: number): void;
  _ts_query_matches_wasm(...args: number[]): void;
}

/**
 * What web-tree-sitter keeps on a Node (its fields; `[0]` is the node's alias word). Nodes made
 * here are OwnNodes: the alias word as `alias`, `[0]` set only when it is not 0 (an indexed
 * property gives a JSC object a second allocation, its indexed storage, which doubled the cost of
 * making a node; web-tree-sitter's own marshalNode reads an absent `[0]` as 0, DataView.setInt32),
 * and the start point as `row` and `column`.
 */
interface RawNode {
  0?: number;
  alias?: number;
  id: number;
  startIndex: number;
  /** OwnNodes only: their startPosition is a getter reading these. */
  row?: number;
  column?: number;
  startPosition: { row: number; column: number };
  tree: Tree & { 0: number; textCallback: (index: number, position: unknown) => string | undefined; source?: string };
  _children?: (Node | null)[];
  _namedChildren?: (Node | null)[];
}

const NODE_WORDS = 5;

let wasm: Wasm | null = null;
let heap: Int32Array = new Int32Array(0);
/** The transfer buffer, as an index into `heap`. */
let transfer = 0;

/** The heap view, made again when the WASM memory grew (the old buffer is then detached, length 0). */
function words(): Int32Array {
  if (heap.length === 0) {
    heap = wasm!.HEAP32;
    // A module that stopped publishing its new view would make every read here wrong: fail loudly.
    if (heap.length === 0) throw new Error("web-tree-sitter's WASM heap view is detached");
  }
  return heap;
}

function marshal(node: RawNode, slot = 0): void {
  const h = words();
  const at = transfer + slot * NODE_WORDS;
  h[at] = node.id;
  h[at + 1] = node.startIndex;
  const row = node.row;
  if (row !== undefined) {
    h[at + 2] = row;
    h[at + 3] = node.column!;
  } else {
    h[at + 2] = node.startPosition.row;
    h[at + 3] = node.startPosition.column;
  }
  // Nodes web-tree-sitter made (the root, its own accessors' results) have only `[0]`.
  h[at + 4] = node.alias ?? node[0]!;
}

const proto = Node.prototype as unknown as RawNode;

/**
 * A Node made here (its prototype's prototype is Node's, so it has every accessor and method):
 * six fields set in one order by a constructor, which JSC stores inline in one allocation. Before,
 * Object.create(Node.prototype) with web-tree-sitter's fields (its children caches set to
 * undefined, the start point an object of its own) took ~50 ns a node against ~15 (0.6–0.8M nodes
 * per 111k lines): more properties than JSC keeps inline, so a second allocation each, and a
 * third for the point. The children caches are added when a list is read; the start point is made
 * when asked for (the extractors read rows of a few nodes, the accessors read the fields; no
 * code here moves a node with Node.edit, which would change only that copy).
 */
class OwnNode {
  constructor(
    readonly tree: RawNode["tree"], readonly id: number, readonly startIndex: number,
    readonly row: number, readonly column: number, readonly alias: number,
  ) {}

  get startPosition(): { row: number; column: number } {
    return { row: this.row, column: this.column };
  }
}
Object.setPrototypeOf(OwnNode.prototype, proto);

/** A Node with the words web-tree-sitter's unmarshalNode reads (the alias word as RawNode says), or null. */
function unmarshal(tree: RawNode["tree"], at: number): Node | null {
  const h = words();
  const id = h[at]!;
  if (id === 0) return null;
  const alias = h[at + 4]!;
  const node = new OwnNode(tree, id, h[at + 1]!, h[at + 2]!, h[at + 3]!, alias) as unknown as RawNode;
  if (alias !== 0) node[0] = alias;
  return node as unknown as Node;
}

// A node's type and end are read from the tree's memory, not through WASM calls: TSNode.id
// points at the node's Subtree (tree-sitter 0.25, lib/src/subtree.h), 8 bytes that are either
// inline data (bit 0 of the first byte set; the symbol in byte 1, the size in bytes in byte 7, a
// single line) or a pointer to a SubtreeHeapData (size a Length at byte 16: bytes, rows, columns
// as uint32; the symbol a uint16 at byte 40). ts_node_symbol is the alias word, else that symbol,
// mapped to its public symbol, which by the way tree-sitter generates a language has the same
// name, so `types` gives the same type (the test compares type, end and end point with the
// library on every node of every fixture). Offsets and columns count UTF-16 code units: bytes / 2.
const HEAP_SIZE_WORD = 16 >> 2;
const HEAP_SYMBOL_WORD = 40 >> 2;

function typeAt(h: Int32Array, tree: RawNode["tree"], id: number, alias: number): string {
  let symbol = alias;
  if (symbol === 0) {
    const data = h[id >> 2]!;
    symbol = (data & 1) !== 0 ? (data >>> 8) & 0xff : h[(data >> 2) + HEAP_SYMBOL_WORD]! & 0xffff;
  }
  return tree.language.types[symbol] || "ERROR";
}

function endAt(h: Int32Array, id: number, startIndex: number): number {
  const at = id >> 2;
  const data = h[at]!;
  const bytes = (data & 1) !== 0 ? h[at + 1]! >>> 24 : h[(data >> 2) + HEAP_SIZE_WORD]! >>> 0;
  return startIndex + bytes / 2;
}

/** A node's end point: its start point plus its size's extent (a single-line size adds columns). */
function endPointAt(h: Int32Array, id: number, row: number, column: number): { row: number; column: number } {
  const at = id >> 2;
  const data = h[at]!;
  if ((data & 1) !== 0) return { row, column: column + (h[at + 1]! >>> 24) / 2 };
  const rows = h[(data >> 2) + HEAP_SIZE_WORD + 1]! >>> 0;
  const columns = (h[(data >> 2) + HEAP_SIZE_WORD + 2]! >>> 0) / 2;
  return rows > 0 ? { row: row + rows, column: columns } : { row, column: column + columns };
}

// A node's children are read from the tree's memory too (tree-sitter 0.25, lib/src/node.c's child
// iterator): a SubtreeHeapData with children has them as Subtrees (8 bytes each) right before it,
// its child count a uint32 at byte 36, its padding a Length at byte 4, its flags at byte 44
// (visible, named, extra: bits 0-2; an inline Subtree has them in bits 1-3 of its first byte and
// its padding columns, rows (low 4 bits) and bytes in bytes 4-6), its production id a uint16 at
// byte 66. A child that is neither visible nor aliased is not listed: its visible descendants are
// (a hidden rule, a repetition). Aliases come from the language's alias sequence of the parent's
// production (TSLanguage: max_alias_sequence_length a uint16 at byte 36, symbol_metadata at 72,
// alias_sequences at 84; TSTree: the language at byte 8). Lists from here and from the library's
// cursor are compared on every node of the fixtures, generated and broken code by the test.
const HEAP_PADDING_WORD = 4 >> 2;
const HEAP_CHILD_COUNT_WORD = 36 >> 2;
const HEAP_FLAGS_WORD = 44 >> 2;
const HEAP_PRODUCTION_WORD = 64 >> 2;
const TREE_LANGUAGE_WORD = 8 >> 2;
const LANGUAGE_MAX_ALIAS_WORD = 36 >> 2;
const LANGUAGE_METADATA_WORD = 72 >> 2;
const LANGUAGE_ALIAS_SEQUENCES_WORD = 84 >> 2;

/** A uint16 or uint8 at a byte address of the WASM memory. */
const u16 = (h: Int32Array, address: number): number => (h[address >> 2]! >>> ((address & 2) << 3)) & 0xffff;
const u8 = (h: Int32Array, address: number): number => (h[address >> 2]! >>> ((address & 3) << 3)) & 0xff;

/**
 * Pushes onto `out` the visible (`named`: named) children of the heap subtree at `data`, which
 * starts at `bytes`, `row`, `column` (UTF-16 units: bytes and columns are twice the Node's).
 */
function pushChildren(h: Int32Array, tree: RawNode["tree"], data: number, bytes: number, row: number, column: number, named: boolean, out: (Node | null)[]): void {
  const w = data >> 2;
  const count = h[w + HEAP_CHILD_COUNT_WORD]!;
  const production = h[w + HEAP_PRODUCTION_WORD]! >>> 16;
  let aliases = 0;
  let language = 0;
  if (production !== 0) {
    language = h[(tree[0] >> 2) + TREE_LANGUAGE_WORD]!;
    aliases = h[(language >> 2) + LANGUAGE_ALIAS_SEQUENCES_WORD]! + production * (h[(language >> 2) + LANGUAGE_MAX_ALIAS_WORD]! & 0xffff) * 2;
  }
  let structural = 0;
  for (let i = 0, at = data - count * 8; i < count; i++, at += 8) {
    const first = h[at >> 2]!;
    const inline = (first & 1) !== 0;
    const flags = inline ? first >>> 1 : h[(first >> 2) + HEAP_FLAGS_WORD]!;
    let alias = 0;
    if ((flags & 4) === 0) {
      if (aliases !== 0) alias = u16(h, aliases + structural * 2);
      structural++;
    }
    if (i > 0) {
      let pb: number, pr: number, pc: number;
      if (inline) {
        const second = h[(at >> 2) + 1]!;
        pb = (second >>> 16) & 0xff;
        pr = (second >>> 8) & 0xf;
        pc = second & 0xff;
      } else {
        const p = (first >> 2) + HEAP_PADDING_WORD;
        pb = h[p]!;
        pr = h[p + 1]!;
        pc = h[p + 2]!;
      }
      bytes += pb;
      if (pr > 0) {
        row += pr;
        column = pc;
      } else column += pc;
    }
    if ((flags & 1) !== 0 || alias !== 0) {
      const isNamed = alias !== 0 ? u8(h, h[(language >> 2) + LANGUAGE_METADATA_WORD]! + alias * 3 + 1) !== 0 : (flags & 2) !== 0;
      if (!named || isNamed) {
        const node = new OwnNode(tree, at, bytes / 2, row, column / 2, alias) as unknown as RawNode;
        if (alias !== 0) node[0] = alias;
        out.push(node as unknown as Node);
      }
    } else if (!inline && h[(first >> 2) + HEAP_CHILD_COUNT_WORD]! > 0) {
      pushChildren(h, tree, first, bytes, row, column, named, out);
    }
    // The size, as endAt and endPointAt read it.
    if (inline) {
      const size = h[(at >> 2) + 1]! >>> 24;
      bytes += size;
      column += size;
    } else {
      const z = (first >> 2) + HEAP_SIZE_WORD;
      bytes += h[z]!;
      const rows = h[z + 1]!;
      if (rows > 0) {
        row += rows;
        column = h[z + 2]!;
      } else column += h[z + 2]!;
    }
  }
}

/** A node's children (`named`: named children) read from the tree's memory. */
function childrenOf(node: RawNode, named: boolean): (Node | null)[] {
  const h = words();
  const out: (Node | null)[] = [];
  const data = h[node.id >> 2]!;
  if ((data & 1) !== 0 || h[(data >> 2) + HEAP_CHILD_COUNT_WORD]! === 0) return out;
  const row = node.row ?? node.startPosition.row;
  const column = node.column ?? node.startPosition.column;
  pushChildren(h, node.tree, data, node.startIndex * 2, row, column * 2, named, out);
  return out;
}

// A node's start point without making one: an OwnNode keeps it as two fields (its startPosition
// getter makes a new point per call), a node web-tree-sitter made has it as a point.
const startRow = (n: RawNode): number => n.row ?? n.startPosition.row;
const startColumn = (n: RawNode): number => n.column ?? n.startPosition.column;

/** The row a node starts on (as `startPosition.row`, with no point made). */
export const rowOf = (node: Node): number => startRow(node as unknown as RawNode);

/** The 1-based line a node starts on (facts' `line`). */
export const lineOf = (node: Node): number => startRow(node as unknown as RawNode) + 1;

/** The row a node ends on (as `endPosition.row`, with no point made). */
export function endRowOf(node: Node): number {
  const n = node as unknown as RawNode;
  if (!wasm) return node.endPosition.row;
  const h = words();
  const data = h[n.id >> 2]!;
  return (data & 1) !== 0 ? startRow(n) : startRow(n) + (h[(data >> 2) + HEAP_SIZE_WORD + 1]! >>> 0);
}

/**
 * Read like web-tree-sitter's getText: the tree's text callback from the start, cut at the end.
 * The start point is made only for a callback that takes one: a parsed string's callback
 * (`(index) => input.slice(index)`) does not, and a point per text read was a third of the
 * objects extraction made besides nodes.
 */
function textOf(tree: RawNode["tree"], startIndex: number, endIndex: number, row: number, column: number): string {
  // A tree parsed from a string (parser.ts keeps it as `source`): its callback returns the rest of
  // that string from the index, which the loop below cuts at the end; one slice gives the same.
  const source = tree.source;
  if (source !== undefined) return source.slice(startIndex, endIndex);
  const length = endIndex - startIndex;
  const startPosition = tree.textCallback.length > 1 ? { row, column } : undefined;
  let result = tree.textCallback(startIndex, startPosition);
  if (result) {
    startIndex += result.length;
    while (startIndex < endIndex) {
      const more = tree.textCallback(startIndex, startPosition);
      if (more && more.length > 0) {
        startIndex += more.length;
        result += more;
      } else break;
    }
    if (startIndex > endIndex) result = result.slice(0, length);
  }
  return result ?? "";
}

/** A node as a descent keeps it: its words and type, no Node object. */
export interface NodeWords {
  id: number;
  start: number;
  row: number;
  column: number;
  alias: number;
  type: string;
}

export function nodeWords(node: Node): NodeWords {
  const n = node as unknown as RawNode;
  const alias = n.alias ?? n[0]!;
  const row = n.row ?? n.startPosition.row;
  const column = n.column ?? n.startPosition.column;
  return { id: n.id, start: n.startIndex, row, column, alias, type: typeAt(words(), n.tree, n.id, alias) };
}

/** The Node of a kept node's words (as `node.parent` would give it), in `tree`. */
export function nodeOfWords(tree: Node["tree"], w: NodeWords): Node {
  const node = new OwnNode(tree as unknown as RawNode["tree"], w.id, w.start, w.row, w.column, w.alias) as unknown as RawNode;
  if (w.alias !== 0) node[0] = w.alias;
  return node as unknown as Node;
}

/** A kept node's end (as `Node.endIndex`). */
export const endOfWords = (n: NodeWords): number => endAt(words(), n.id, n.start);

/**
 * Descends from `from` towards its descendant `target` by childWithDescendant, pushing each node
 * strictly between them onto `path`; true when `target` was reached within `limit` steps. Each
 * answer is left in the transfer buffer's first slot, where the next call reads its node, and the
 * target stays in the second: a level costs one WASM call and makes no Node.
 */
export function descend(from: NodeWords, target: Node, path: NodeWords[], limit: number): boolean {
  if (!wasm) throw new Error("web-tree-sitter's fast node accessors are not installed");
  const raw = target as unknown as RawNode;
  const tree = raw.tree;
  let h = words();
  h[transfer] = from.id;
  h[transfer + 1] = from.start;
  h[transfer + 2] = from.row;
  h[transfer + 3] = from.column;
  h[transfer + 4] = from.alias;
  marshal(raw, 1);
  for (let i = 0; i < limit; i++) {
    wasm._ts_node_child_with_descendant_wasm(tree[0]);
    h = words();
    const id = h[transfer]!;
    if (id === 0) return false;
    if (id === raw.id) return true;
    const alias = h[transfer + 4]!;
    path.push({ id, start: h[transfer + 1]!, row: h[transfer + 2]!, column: h[transfer + 3]!, alias, type: typeAt(h, tree, id, alias) });
  }
  return false;
}

/**
 * Install the accessors, given the module object web-tree-sitter was initialised with (emscripten
 * makes the options object passed to Parser.init its module). Returns false, changing nothing,
 * when that object is not the module (another caller initialised web-tree-sitter first).
 */
export function installFastNodes(module: object): boolean {
  const w = module as Partial<Wasm>;
  if (wasm) return wasm === w;
  if (!(w.HEAP32 instanceof Int32Array) || typeof w._ts_init !== "function" || typeof w._ts_query_matches_wasm !== "function") return false;
  wasm = w as Wasm;
  heap = wasm.HEAP32;
  // ts_init only writes two version numbers into the buffer and returns its address.
  transfer = wasm._ts_init() >> 2;
  const symbol = wasm._ts_node_symbol_wasm;
  const isNamed = wasm._ts_node_is_named_wasm;
  const hasError = wasm._ts_node_has_error_wasm;
  const childCount = wasm._ts_node_child_count_wasm;
  const namedChildCount = wasm._ts_node_named_child_count_wasm;
  const child = wasm._ts_node_child_wasm;
  const namedChild = wasm._ts_node_named_child_wasm;
  const childByField = wasm._ts_node_child_by_field_id_wasm;
  const childWithDescendant = wasm._ts_node_child_with_descendant_wasm;
  const parent = wasm._ts_node_parent_wasm;
  const typeIdOf = (n: RawNode): number => {
    marshal(n);
    return symbol(n.tree[0]);
  };
  const endIndexOf = (n: RawNode): number => endAt(words(), n.id, n.startIndex);
  const accessors: Record<string, PropertyDescriptor> = {
    typeId: { get(this: RawNode) { return typeIdOf(this); } },
    type: { get(this: RawNode) { return typeAt(words(), this.tree, this.id, this.alias ?? this[0]!); } },
    isNamed: { get(this: RawNode) { marshal(this); return isNamed(this.tree[0]) === 1; } },
    hasError: { get(this: RawNode) { marshal(this); return hasError(this.tree[0]) === 1; } },
    endIndex: { get(this: RawNode) { return endIndexOf(this); } },
    endPosition: { get(this: RawNode) { return endPointAt(words(), this.id, startRow(this), startColumn(this)); } },
    text: { get(this: RawNode) { return textOf(this.tree, this.startIndex, endIndexOf(this), startRow(this), startColumn(this)); } },
    childCount: { get(this: RawNode) { marshal(this); return childCount(this.tree[0]); } },
    namedChildCount: { get(this: RawNode) { marshal(this); return namedChildCount(this.tree[0]); } },
    parent: { get(this: RawNode) { marshal(this); parent(this.tree[0]); return unmarshal(this.tree, transfer); } },
    children: {
      get(this: RawNode) {
        if (!this._children) this._children = childrenOf(this, false);
        return this._children;
      },
    },
    namedChildren: {
      get(this: RawNode) {
        if (!this._namedChildren) this._namedChildren = childrenOf(this, true);
        return this._namedChildren;
      },
    },
    child: { value(this: RawNode, index: number) { marshal(this); child(this.tree[0], index); return unmarshal(this.tree, transfer); } },
    namedChild: { value(this: RawNode, index: number) { marshal(this); namedChild(this.tree[0], index); return unmarshal(this.tree, transfer); } },
    childForFieldId: { value(this: RawNode, id: number) { marshal(this); childByField(this.tree[0], id); return unmarshal(this.tree, transfer); } },
    childWithDescendant: {
      value(this: RawNode, descendant: RawNode) {
        marshal(this);
        marshal(descendant, 1);
        childWithDescendant(this.tree[0]);
        return unmarshal(this.tree, transfer);
      },
    },
  };
  for (const [name, d] of Object.entries(accessors)) {
    const was = Object.getOwnPropertyDescriptor(Node.prototype, name);
    if (!was) throw new Error(`web-tree-sitter Node has no ${name}`);
    Object.defineProperty(Node.prototype, name, { ...d, enumerable: was.enumerable, configurable: true, ...(d.value ? { writable: true } : {}) });
  }
  return true;
}

type RawQuery = Query & {
  0: number;
  textPredicates: ((captures: QueryCapture[]) => boolean)[][];
  setProperties: unknown[];
  assertedProperties: unknown[];
  refutedProperties: unknown[];
  matchLimit: number;
  exceededMatchLimit: boolean;
};

const NO_LIMIT = 0xffffffff;

/**
 * A captured node as a text predicate sees it (`node.text`), read from the words of the match
 * buffer: a match its predicates reject (most of a `#eq?` pattern's) builds no Node at all.
 */
class TextProbe {
  tree!: RawNode["tree"];
  /** Where the node's words start in the heap view. */
  at = 0;
  get text(): string {
    const h = words();
    const start = h[this.at + 1]!;
    const end = endAt(h, h[this.at]!, start);
    return textOf(this.tree, start, end, h[this.at + 2]!, h[this.at + 3]!);
  }
}

/** Capture lists of probes by length, reused from match to match (predicates keep no reference). */
const probeLists: { name: string; node: TextProbe }[][] = [];

function probes(n: number): { name: string; node: TextProbe }[] {
  while (probeLists.length <= n) probeLists.push(Array.from({ length: probeLists.length }, () => ({ name: "", node: new TextProbe() })));
  return probeLists[n]!;
}

/** Query.matches(node) with no options: the same matches, read through the heap view. */
export function queryMatches(query: Query, node: Node): QueryMatch[] {
  if (!wasm) return query.matches(node);
  const q = query as RawQuery;
  const raw = node as unknown as RawNode;
  const tree = raw.tree;
  q.matchLimit = NO_LIMIT;
  marshal(raw);
  wasm._ts_query_matches_wasm(q[0], tree[0], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NO_LIMIT, NO_LIMIT);
  let h = words();
  const count = h[transfer]!;
  const start = h[transfer + 1]!;
  q.exceededMatchLimit = h[transfer + 2]! !== 0;
  const names = q.captureNames;
  const out: QueryMatch[] = [];
  let at = start >> 2;
  for (let i = 0; i < count; i++) {
    const patternIndex = h[at]!;
    const n = h[at + 1]!;
    at += 2;
    const predicates = q.textPredicates[patternIndex]!;
    if (predicates.length > 0) {
      const list = probes(n);
      for (let c = 0, w = at; c < n; c++, w += 1 + NODE_WORDS) {
        const probe = list[c]!;
        probe.name = names[h[w]!]!;
        probe.node.tree = tree;
        probe.node.at = w + 1;
      }
      let keep = true;
      for (let p = 0; p < predicates.length && keep; p++) keep = predicates[p]!(list as unknown as QueryCapture[]);
      // A predicate reads node text through WASM, which may have grown the memory.
      h = words();
      if (!keep) {
        at += n * (1 + NODE_WORDS);
        continue;
      }
    }
    const captures = new Array<QueryCapture>(n);
    for (let c = 0; c < n; c++) {
      captures[c] = { patternIndex, name: names[h[at]!]!, node: unmarshal(tree, at + 1)! };
      at += 1 + NODE_WORDS;
    }
    out.push({
      patternIndex, captures,
      setProperties: q.setProperties[patternIndex], assertedProperties: q.assertedProperties[patternIndex], refutedProperties: q.refutedProperties[patternIndex],
    } as QueryMatch);
  }
  wasm._free(start);
  return out;
}
