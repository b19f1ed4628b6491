; Module wiring for Python 3. One match per imported name.
(import_statement name: (dotted_name) @import.module) @import
(import_statement
  name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.from name: (dotted_name) @import.name) @import
(import_from_statement
  module_name: (_) @import.from
  name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.from (wildcard_import) @import.wildcard) @import

; __import__(x), importlib.import_module(x), import_module(x): literal or dynamic.
((call function: (identifier) @_f arguments: (argument_list . (_) @require.arg)) @require
  (#any-of? @_f "__import__" "import_module"))
((call
  function: (attribute object: (identifier) @_m attribute: (identifier) @_f)
  arguments: (argument_list . (_) @require.arg)) @require
  (#eq? @_m "importlib") (#eq? @_f "import_module"))

; Bindings
(assignment left: (identifier) @binding.name right: (_) @binding.value) @binding
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @binding.attr)
  right: (_) @binding.value) @binding
  (#eq? @_self "self"))
