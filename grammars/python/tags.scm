; Definitions and references for Python 3 (tree-sitter tags capture names).
; A function's definition and its parameters (facts-py.ts) are one match: a function always has both.
(function_definition name: (identifier) @name parameters: (parameters) @py.params) @definition.function @py.paramsOf
(class_definition name: (identifier) @name) @definition.class
; `Job = type("Job", (Base,), {"run": run})` makes a class Job of those bases, the dict's items its
; attributes (facts-py.ts `typeNamespace`).
((assignment
  left: (identifier) @name
  right: (call
    function: (identifier) @_type
    arguments: (argument_list . (string) . (tuple ([(identifier) (attribute)] @definition.base)*) . (dictionary) .)) @definition.class)
  (#eq? @_type "type"))
((call
  function: (identifier) @_type
  arguments: (argument_list . (string) . (tuple) . (dictionary) @py.typeNs .)) @py.typeOf
  (#eq? @_type "type"))
; One match per base class, in order (facts-py.ts appends them to the class), and `metaclass=M`.
(class_definition superclasses: (argument_list [(identifier) (attribute) (subscript) (call) (keyword_argument)] @py.base)) @py.baseOf

; `if __name__ == "__main__":` — the block runs only when the file is the program.
((if_statement
  condition: (comparison_operator (identifier) @_name operators: "==" (string (string_content) @_main))
  consequence: (block) @definition.main)
  (#eq? @_name "__name__") (#eq? @_main "__main__"))
((if_statement
  condition: (comparison_operator (string (string_content) @_main) operators: "==" (identifier) @_name)
  consequence: (block) @definition.main)
  (#eq? @_name "__name__") (#eq? @_main "__main__"))

; Lambdas are functions too, named <lambda1>, <lambda2>… per enclosing scope. The definition and
; what it returns (its body, always there) are one match.
(lambda body: (_) @py.returns) @definition.function @py.returnsOf

(call function: (_) @callee) @reference.call
; `raise Error` instantiates the class like `raise Error()`.
(raise_statement . [(identifier) (attribute)] @callee) @reference.call
; Decorators are applied bottom-up; each is called with the function (facts-py.ts).
(decorated_definition) @py.decorated

; Parameters, returns, loops, tuple assignment, scope statements (facts-py.ts).
(lambda parameters: (lambda_parameters) @py.params) @py.paramsOf
(return_statement (_) @py.returns) @py.return
; `yield x` / `yield from xs`: the items of what calling the generator gives.
(yield (_) @py.returns) @py.yield
(for_statement left: (_) @py.target right: (_) @py.iter) @py.for
(for_in_clause left: (_) @py.target right: (_) @py.iter) @py.for
; `xs += [f]`: f is an item of xs (facts-py-stores.ts `augmented`), as with `xs.extend([f])`; `d |= {"k": f}`
; as `d.update({"k": f})`. Literals only: `n += x` is mostly numbers.
(augmented_assignment
  left: [(identifier) (attribute) (subscript)] @py.target
  operator: ["+=" "|="]
  right: [(list) (tuple) (list_comprehension) (dictionary)] @py.value) @py.augment
; `__all__ += core.__all__`: names listed elsewhere (facts-py-ctx.ts allNames: the public ones count too).
(augmented_assignment
  left: (identifier) @py.target
  operator: "+="
  right: [(attribute) (binary_operator) (call) (identifier) (subscript) (parenthesized_expression)] @py.value
  (#eq? @py.target "__all__")) @py.augment
; `(x := v)` binds x in the enclosing function (also inside a comprehension).
(named_expression name: (identifier) @py.target value: (_) @py.value) @py.walrus
; `match v: case ...`: names a case pattern binds are parts of v (facts-py-match.ts `matchCases`).
(match_statement subject: (_) @py.subject) @py.match
(assignment left: [(pattern_list) (tuple_pattern) (list_pattern)] @py.target right: (_) @py.value) @py.assign
(with_item value: (as_pattern (_) @py.value alias: (as_pattern_target [(identifier) (tuple) (list)] @py.target))) @py.assign
;  `except E as e`: e is an E.
(except_clause (as_pattern (_) @py.value alias: (as_pattern_target (identifier) @py.target))) @py.except
; `with X() as f` runs X().__enter__ and __exit__.
(with_item value: [(as_pattern . (_) @py.context) (_) @py.context]) @py.with
; `d["k"] = f` adds an item to the dict named d (`self.d["k"] = f`: to the attribute d; `d["a"]["k"] = f`: to d["a"]).
(assignment left: (subscript value: [(identifier) (attribute) (subscript)] @py.target subscript: (_) @py.key) right: (_) @py.value) @py.subassign
; `d.update({"k": f})` adds those items to the dict named d, and `__all__ = [...]` is what `from m
; import *` takes: callees.scm (applied by the handlers, not run here). `f = wrap(f)`: the f in the
; right-hand side is the f from before, told by the code binding `name = value` (facts-py.ts
; `pyAssignment`) from the value's type it reads anyway.
; `obj.attr = f`: `self.attr = f` is an attribute of the class's instances; on anything else it is
; found through what obj is (resolve.ts). One pattern for both (facts-py.ts tells self by name).
(assignment left: (attribute object: (_) @py.object attribute: (identifier) @py.attr) right: (_) @py.value) @py.setattr
; `x = 0`, `x: int` in a class body: x is the class's own member (resolve.ts stops its lookup
; there, even when what x holds is not known, rather than asking a package base class for it).
(class_definition body: (block (expression_statement (assignment left: (identifier) @py.field)))) @py.fieldOf
; A property read as a condition, an operand or an argument runs its getter: a reference edge for
; reach (fact-ctx.ts getterRead; the pycg form names no bare read).
(if_statement condition: (attribute) @py.getterRead)
(elif_clause condition: (attribute) @py.getterRead)
(while_statement condition: (attribute) @py.getterRead)
(not_operator argument: (attribute) @py.getterRead)
(boolean_operator [left: (attribute) @py.getterRead right: (attribute) @py.getterRead])
(binary_operator [left: (attribute) @py.getterRead right: (attribute) @py.getterRead])
(comparison_operator (attribute) @py.getterRead)
(conditional_expression (attribute) @py.getterRead)
(interpolation expression: (attribute) @py.getterRead)
(argument_list [(attribute) @py.getterRead (keyword_argument value: (attribute) @py.getterRead)])
(global_statement (identifier) @py.global)
(nonlocal_statement (identifier) @py.nonlocal)

; Constructs whose target cannot be known statically: `eval`/`exec`/`compile` calls and
; `getattr`/`setattr` with a computed name: callees.scm (applied by the call handler, not run here).
