; TypeScript-only module wiring: `import x = require("y")` and `export = x`.
(import_statement (import_require_clause (identifier) @import.namespace source: (string) @import.source)) @import
(import_statement (import_require_clause source: (string) @import.source)) @import
(export_statement "=" (_) @export.value) @export.cjs
(export_statement declaration: [(abstract_class_declaration) (internal_module) (module)] @export.declaration) @export
; `import T = Lib.Text`: T names the namespace (a binding like `const T = Lib.Text`).
(import_alias (identifier) @binding.name (_) @binding.value) @binding
; `export import boot = Core.boot` at a module's top level: the alias is a named export.
(export_statement declaration: (import_alias . (identifier) @export.name)) @export
