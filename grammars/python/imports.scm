; Module wiring for Python 3. One match per imported name.
(import_statement name: (dotted_name) @import.module) @import
(import_statement
  name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.from name: (dotted_name) @import.name) @import
(import_from_statement
  module_name: (_) @import.from
  name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.from (wildcard_import) @import.wildcard) @import

; __import__(x), importlib.import_module(x), import_module(x) (literal or dynamic): callees.scm
; (applied by the call handler, not run here).

; Bindings
(assignment left: (identifier) @binding.name right: (_) @binding.value) @binding
; `self.x = v`: tags.scm, with `obj.x = v`.
