// A node's child by field name, with the field's id looked up once per language:
// `childForFieldName` searches the language's list of field names on every call.
import type { Node } from "web-tree-sitter";

let lastFields: readonly (string | null)[] | null = null;
let ids = new Map<string, number>();

export function field(node: Node, name: string): Node | null {
  const fields = node.tree.language.fields;
  if (fields !== lastFields) {
    lastFields = fields;
    ids = new Map();
  }
  let id = ids.get(name);
  if (id === undefined) ids.set(name, (id = fields.indexOf(name)));
  return id !== -1 ? node.childForFieldId(id) : null;
}
