; Patterns for node shapes that exist only in the JavaScript grammar (TypeScript's grammar names
; them differently; see typescript/*.scm).

; Class fields holding functions (`handle = () => {}`); TypeScript: public_field_definition. The
; name is read from the field (@name.of, fact-defs.ts `rawDef`): as a capture it doubled the pattern's
; compile time.
(field_definition value: [(function_expression) (arrow_function)] @definition.method) @name.of
; Class fields holding object literals: a namespace for their members (typescript/tags.scm).
(field_definition value: (object) @definition.object) @name.of
; Class fields holding classes (`bar = class Bar { c() {} }`: `Foo.bar`, its methods `Foo.bar.c`).
(field_definition value: (class (class_heritage (_) @definition.base)?) @definition.class) @name.of

; `default` as an export/import specifier is a keyword here (an identifier in TypeScript).
(export_statement
  (export_clause (export_specifier "default" @export.local alias: (_)? @export.name))
  source: (string) @export.source) @export
(export_statement
  (export_clause (export_specifier name: (_) @export.local "default" @export.name))
  !source) @export
(export_statement
  (export_clause (export_specifier name: (_) @export.local "default" @export.name))
  source: (string) @export.source) @export
(import_statement
  (import_clause (named_imports (import_specifier "default" @import.name alias: (_) @import.alias)))
  source: (string) @import.source) @import

; `export * as default from "./x"` (this grammar reads `default` there as a keyword, TypeScript's
; as a name, which imports.scm's namespace export takes): x's namespace is the default export.
(export_statement (namespace_export "default" @export.name) source: (string) @export.source) @export
