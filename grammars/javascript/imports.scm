; Module wiring for JavaScript (CommonJS and ESM); also compiled for TypeScript and TSX.
; @import: a statement that loads (and so runs) a module, with the bindings it creates.
; require('x') / import('x') calls: callees.scm (applied by the call handler, not run here).
; @export: what a module exposes, by exported name (@export.name) and value (@export.value).
; @binding: a name given a value (`const x = ...`, destructuring, `this.x = ...`).

(import_statement source: (string) @import.source) @import
(import_statement
  (import_clause (identifier) @import.default) source: (string) @import.source) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.namespace)) source: (string) @import.source) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_)? @import.alias)))
  source: (string) @import.source) @import


; ESM exports
(export_statement
  declaration: [(function_declaration) (generator_function_declaration) (class_declaration)]
    @export.declaration) @export
(export_statement
  declaration: (lexical_declaration (variable_declarator name: (identifier) @export.name))) @export
(export_statement
  declaration: (variable_declaration (variable_declarator name: (identifier) @export.name))) @export
; `export const { encode, decode: dec, mode = "x" } = makeCodec()`, `export const [a, b] = pair()`:
; each name the pattern binds.
(export_statement
  declaration: [(lexical_declaration (variable_declarator name: (object_pattern [
    (shorthand_property_identifier_pattern) @export.name
    (pair_pattern value: (identifier) @export.name)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @export.name)])))
  (variable_declaration (variable_declarator name: (object_pattern [
    (shorthand_property_identifier_pattern) @export.name
    (pair_pattern value: (identifier) @export.name)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @export.name)])))]) @export
(export_statement
  declaration: [(lexical_declaration (variable_declarator name: (array_pattern (identifier) @export.name)))
  (variable_declaration (variable_declarator name: (array_pattern (identifier) @export.name)))]) @export
(export_statement value: (_) @export.value) @export.default
(export_statement
  (export_clause (export_specifier name: (_) @export.local alias: (_)? @export.name))
  !source) @export
(export_statement
  (export_clause (export_specifier name: (_) @export.local alias: (_)? @export.name))
  source: (string) @export.source) @export
(export_statement (namespace_export (_) @export.name) source: (string) @export.source) @export
(export_statement "*" . source: (string) @export.source) @export.star
(export_statement source: (string) @import.source) @import

; CommonJS exports (`module.exports = v`, `exports.x = v`, `module.exports.x = v`) and `this.x = v`
; (Bindings): one pattern for every assignment to a member, told apart by facts.ts
; `memberAssignment` from the member's parts. As four patterns (and one in tags.scm for
; `module.exports = function`) their nested members and predicates made a third of the time
; compiling this query took.
(assignment_expression left: [(member_expression) (subscript_expression)] @assign.member right: (_) @assign.value)

; Bindings
; A declarator: `const a = v`, destructuring `const { a, b: c, d = 1 } = v` / `const [a, b] = v`,
; `let a;` (declared holding no function yet: where a later such assignment binds; so does `let a =
; null`, facts-js.ts JS_NO_FUNCTION), a getter read or functions stored in an array as the value:
; told by fact-bindings.ts `declaratorFacts` from the name's and the value's types. As eight patterns,
; each kept a query state per declarator.
(variable_declarator name: (_) @binding.name value: (_)? @binding.value) @binding @binding.declarator
(assignment_expression left: (identifier) @binding.name right: (_) @binding.value) @binding
; `a ||= f`, `o.x ??= f`, `o[k] ??= f` (`&&=` too) bind like `=` (facts-js-members.ts `logicalAssignment`). Without the
; operators, every `i += 1` made a match to reject (3% more extraction time).
(augmented_assignment_expression left: [(identifier) (member_expression) (subscript_expression)] @assign.logical operator: ["||=" "&&=" "??="] right: (_) @assign.value)
; `catch (e)`: e may hold any value the file throws (`throw new HttpError()`; facts.ts `caught`).
(catch_clause parameter: (identifier) @catch.name)
(throw_statement (_) @throw.value)
; Destructuring walks the pattern (facts-js.ts): `[a] = xs`, `({ a } = obj)`.
(assignment_expression left: [(array_pattern) (object_pattern)] @binding.pattern right: (_) @binding.value) @binding

; Members of object literals: `{ run, stop: stopImpl }` (used when the object is a definition,
; e.g. `module.exports = { run }`).
(object (shorthand_property_identifier) @property.name) @property
(object (pair key: [(property_identifier) (string) (number) (computed_property_name)] @property.name value: (_) @property.value)) @property
; `{ ...mixin }`: the object has the mixin's members too (facts.ts keys them "...").
(object (spread_element (_) @property.spread)) @property
