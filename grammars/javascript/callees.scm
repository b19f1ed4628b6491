; Calls told by their callee. These patterns are compiled but not run over the tree: as part of
; the main query each made a match of every call of a plain name (or of a member) for JavaScript
; to reject and kept query states open through the call's arguments. The call handler (facts.ts
; `jsNamedCall`) checks the callee it has read anyway against the names these predicates give,
; by the role its capture names (queries.ts `calleeNames`); test/callgraph/call-facts.test.ts runs
; these patterns through the query engine on the fixtures and generated code and checks that the
; handler found every match. Also compiled for TypeScript and TSX.

; Code whose target cannot be known statically: `eval(s)`, `Function(s)`, `new Function(s)`.
((call_expression function: (identifier) @eval.call) (#any-of? @eval.call "eval" "Function"))
((new_expression constructor: (identifier) @eval.new) (#eq? @eval.new "Function"))

; Modules loaded by a call: an import when the first argument is a literal, dynamic code otherwise.
((call_expression
  function: (identifier) @load.call
  arguments: (arguments . (_) @load.arg))
  (#eq? @load.call "require"))
(call_expression function: (import) arguments: (arguments . (_) @load.arg))

; Pre-class inheritance: `util.inherits(Child, Base)`; Babel's compiled `class Child extends Base`:
; `_inherits(Child, _Base)` in the class's IIFE.
((call_expression
  function: (member_expression property: (property_identifier) @inherits.method)
  arguments: (arguments . (identifier) @inherit.child . [(identifier) (member_expression)] @inherit.base))
  (#eq? @inherits.method "inherits"))
((call_expression
  function: (identifier) @inherits.call
  arguments: (arguments . (identifier) @inherit.child . [(identifier) (member_expression)] @inherit.base))
  (#eq? @inherits.call "_inherits"))
