; Calls (and one assignment) told by a name. These patterns are compiled but not run over the
; tree: as part of the main query each made a match of every call of a plain name (or attribute)
; for JavaScript to reject. The handlers (facts-py.ts `pyNamedCall`, `pyAssignment`) check the
; callee or assigned name they have read anyway against the names these predicates give, by the
; role its capture names (queries.ts `calleeNames`); test/callgraph/call-facts.test.ts runs these
; patterns through the query engine on the fixtures and generated code and checks that the
; handlers found every match.

; Code whose target cannot be known statically.
((call function: (identifier) @eval.call) (#any-of? @eval.call "eval" "exec" "compile"))
; An attribute read or written by a computed name (a literal name is an ordinary attribute).
((call
  function: (identifier) @attr.call
  arguments: (argument_list . (_) . (_) @attr.name))
  (#any-of? @attr.call "getattr" "setattr"))

; Modules loaded by name: an import when the first argument is a literal, dynamic code otherwise.
((call function: (identifier) @load.call arguments: (argument_list . (_) @load.arg))
  (#any-of? @load.call "__import__" "import_module"))
((call
  function: (attribute object: (identifier) @load.module attribute: (identifier) @load.function)
  arguments: (argument_list . (_) @load.arg))
  (#eq? @load.module "importlib") (#eq? @load.function "import_module"))

; `d.update({"k": f})` adds those items to the dict named d.
((call
  function: (attribute object: (identifier) attribute: (identifier) @update.method)
  arguments: (argument_list . (dictionary) .))
  (#eq? @update.method "update"))

; `__all__ = [...]`: what `from m import *` takes (any other value: the public names too).
((assignment left: (identifier) @all.name right: (_)) (#eq? @all.name "__all__"))
