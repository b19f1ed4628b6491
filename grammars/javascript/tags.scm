; Definitions and references for JavaScript; also compiled for TypeScript and TSX (their grammars
; extend this one). Capture names follow tree-sitter tags: @definition.* is the node whose range is
; the definition's body, @name its name. Functions that are not bound to a name (inline callbacks)
; are deliberately not definitions: their calls belong to the enclosing function, which is the
; sound reading of "a function passed as an argument counts as called".

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; A name given a function, a class or an object literal (a namespace for its members, not a graph
; node): `exports.f = function () {}`, `Foo.prototype.bar = function () {}`, `module.exports = class
; extends Base {}`, `api = { run() {} }`. One pattern with the values as alternatives: three cost
; twice as much to compile. A declarator's function or object (`const f = () => {}`) is found from
; the declarator's match (imports.scm, facts.ts `declaredDef`), its class here.
(variable_declarator
  name: (identifier) @name
  value: (class (class_heritage (_) @definition.base)?) @definition.class)
(assignment_expression
  left: [(identifier) (member_expression)] @name
  right: [
    (function_expression) @definition.function
    (arrow_function) @definition.function
    (generator_function) @definition.function
    (class (class_heritage (_) @definition.base)?) @definition.class
    (object) @definition.object])

; `o["run"] = function () {}` / `this[KEY] = () => {}` with KEY a constant of the file: the member
; o.run, as `o.run = function () {}` is (fact-defs.ts subscriptDefName; any other key: anonymous).
(assignment_expression
  left: (subscript_expression) @name
  right: [
    (function_expression) @definition.function
    (arrow_function) @definition.function
    (generator_function) @definition.function])

; { run() {} } / { run: () => {} } — kept only when the object itself is a named definition
(pair
  key: [(property_identifier) (string) (number)] @name
  value: [(function_expression) (arrow_function) (generator_function)] @definition.function)
; `{ run: (() => {}) }`: a parenthesized function literal is the member too.
(pair
  key: [(property_identifier) (string) (number)] @name
  value: (parenthesized_expression [(function_expression) (arrow_function) (generator_function)] @definition.function))
; { [KEY]: function () {} } with KEY a constant of the file: the member KEY names (facts.ts constKey)
(pair
  key: (computed_property_name) @name
  value: [(function_expression) (arrow_function) (generator_function)] @definition.function)
(method_definition name: (_) @name) @definition.method

(class_declaration name: (_) @name (class_heritage (_) @definition.base)?) @definition.class

; `if (require.main === module) { ... }`: the block runs only when the file is the program, not
; when another file requires it (as Python's `if __name__ == "__main__":`; pycg.ts).
; (`require.main !== module` is the opposite: a block that runs when required, plain module code.)
; A single statement without braces too (`if (require.main === module) main();`), and Bun's and
; Deno's `if (import.meta.main)` (J30).
(if_statement
  condition: (parenthesized_expression
    (binary_expression
      left: (member_expression object: (identifier) @_req property: (property_identifier) @_main)
      operator: ["===" "=="]
      right: (identifier) @_mod))
  consequence: [(statement_block) (expression_statement)] @definition.main
  (#eq? @_req "require") (#eq? @_main "main") (#eq? @_mod "module"))
(if_statement
  condition: (parenthesized_expression
    (binary_expression
      left: (identifier) @_mod
      operator: ["===" "=="]
      right: (member_expression object: (identifier) @_req property: (property_identifier) @_main)))
  consequence: [(statement_block) (expression_statement)] @definition.main
  (#eq? @_req "require") (#eq? @_main "main") (#eq? @_mod "module"))
(if_statement
  condition: (parenthesized_expression
    (member_expression object: (meta_property) @_meta property: (property_identifier) @_main))
  consequence: [(statement_block) (expression_statement)] @definition.main
  (#eq? @_meta "import.meta") (#eq? @_main "main"))

; export default class {} (an anonymous default function is an `<arrowN>`/`<anonymousN>` below),
; export default { ... }
(export_statement value: [(class (class_heritage (_) @definition.base)?) @definition.class (object) @definition.object])

; Object literals returned or passed as arguments: their methods are named after the enclosing
; function (`make().run()` → `make.run`); handed to code we cannot see, their methods count as called.
; Those passed as arguments are found with the call's arguments (facts-js.ts `jsArgsTyped`), those
; returned (an arrow's `({ ... })` too) with the return below (facts.ts `returnedObject`).
; Objects nested in named objects (`app.db.connect()`); kept only when the outer one is kept.
; (`{ ["x2"]: { ... } }` / `{ [KEY]: { ... } }` with KEY a constant of the file too; any other computed key: none.)
(pair key: [(property_identifier) (string) (computed_property_name)] @name value: (object) @definition.object)
; An object literal thrown (`throw { code, retry() {} }`): its methods named after the function, as a returned one's.
(throw_statement (object) @definition.object)
; Classes kept in a named object (`const models = { User: class { ... } }`: `models.User`).
(pair key: [(property_identifier) (string)] @name value: (class (class_heritage (_) @definition.base)?) @definition.class)

; Any other function literal is an anonymous graph node (`<arrowN>`, `<anonymousN>` in its scope);
; a named reading of the same node wins (scopes.ts `nestDefs`). An arrow's is the match of its body
; (Returned values, below).
(function_expression) @definition.anonymous
(generator_function) @definition.anonymous

; What happens to anonymous functions: returned (called by whoever calls the maker), called at once
; (IIFE), or passed as an argument (arguments are handled with their call). Any other anonymous
; function (a JSX handler, an array element) counts as called where it is written. A function
; literal that is returned (or in a returned array), an arrow's body, a callee or an argument is
; found by the code handling the return or the call (facts-js.ts: `returnedLiterals`,
; `calledLiterals`, `jsArgsTyped`), from node types it reads anyway: as patterns here they kept
; query states open through every argument list and returned expression, callback bodies included.
; `module.exports = function`: imports.scm's assignments to a member (facts-js-members.ts `memberAssignment`).
(export_statement value: [(function_expression) (arrow_function)] @anon.exported)
; `({ format = (m) => m } = {})` in a parameter list: the name's value (facts.ts `literalDefault`).
(object_assignment_pattern right: [(function_expression) (arrow_function)] @anon.default)
; Functions stored in an array a declarator holds run when the array's items are called (facts.ts
; `declaratorFacts`).

; Returned values (functions returned from functions); an arrow's expression body is returned. The
; arrow is an anonymous definition in the same match: as a pattern of its own it made a second
; query state and match per arrow.
(return_statement (_) @return.value) @return
(arrow_function body: (_) @return.value) @definition.anonymous @return
; `yield v` (`yield* xs`): a generator's call returns an iterator of those values (facts.ts).
(yield_expression (_) @yield.value)

; `x ? f : g`, `cb || fallback`, `a ?? b` as a declarator's value: the name may hold either
; function, told from the value by the code binding the declarator (fact-bindings.ts `eitherValue`).

; `for (const f of xs)`: f takes the items of xs (`of`, not `in`: facts.ts reads the operator; in
; the pattern it made it half again as costly to compile).
(for_in_statement left: [(identifier) (array_pattern) (object_pattern)] @binding.name right: (_) @binding.each) @binding.loop

; Pre-class inheritance: `Child.prototype = Object.create(Base.prototype)` is told by the getter
; read of `Base.prototype` in arguments below (facts-js-objects.ts `createdPrototype`): as a pattern of its own
; it cost a fifth of compiling this query. `util.inherits(Child, Base)` and Babel's `_inherits(Child,
; _Base)` (a compiled class): callees.scm, like `eval`, `Function` and `require` (applied by the call
; handler, not run here).

; Decorators run (called with the class or member) where the class is defined.
(decorator [(identifier) (member_expression) (call_expression) (parenthesized_expression)] @callee) @reference.decorator

; Property reads that run a getter (`get area() {}`) when the property is one (graph.ts checks).
; The member's property (a plain name, not `#x`) is told by facts-js-accessors.ts `accessorFact`: nested in each
; of these patterns it made them a third of the time compiling the query took. Those returned, an
; arrow's body, passed to a call or a declarator's value are found by the code handling those.
(assignment_expression right: (member_expression) @reference.read)
(template_substitution (member_expression) @reference.read)
(binary_expression [left: (member_expression) @reference.read right: (member_expression) @reference.read])
; Other places a value is read: conditions (`if (o.ready)`, `while (o.busy)`: a parenthesized
; member), `!o.x`, `c ? o.a : o.b`, a bare `o.x;`, `await o.x`, `...o.x`, `[o.a]`, `{ k: o.a }`,
; `for (const x of o.items)`.
(parenthesized_expression (member_expression) @reference.read)
(unary_expression argument: (member_expression) @reference.read)
(ternary_expression [condition: (member_expression) @reference.read consequence: (member_expression) @reference.read alternative: (member_expression) @reference.read])
(expression_statement (member_expression) @reference.read)
(await_expression (member_expression) @reference.read)
(spread_element (member_expression) @reference.read)
(array (member_expression) @reference.read)
(pair value: (member_expression) @reference.read)
(for_in_statement right: (member_expression) @reference.read)
; Values converted to primitives run our `[Symbol.toPrimitive]`, `toString` or `valueOf` (string
; hint: a template, `String(x)`; number or default: arithmetic, `+`, comparisons); `JSON.stringify(x)`
; runs x's `toJSON` (facts.ts `convert`). Binary expressions are one pattern whose operator and
; operands the facts code checks (facts-js-conversions.ts NUMBER_OPERATORS): written as alternatives here, they
; cost a third of JS extraction.
(template_substitution [(identifier) (member_expression) (new_expression) (this) (call_expression)] @reference.string)
(binary_expression left: (_) @reference.left right: (_) @reference.right) @reference.binary
(unary_expression operator: ["+" "-"] argument: [(identifier) (member_expression) (new_expression) (this)] @reference.number)
((call_expression function: (identifier) @_string arguments: (arguments . [(identifier) (member_expression) (new_expression) (this) (call_expression)] @reference.string .)) (#eq? @_string "String"))
; `Math.max(a, b)`, `Math.min(a, b)`: each argument converted to a number.
((call_expression function: (member_expression object: (identifier) @_math property: (property_identifier) @_minmax) arguments: (arguments [(identifier) (member_expression) (new_expression) (this)] @reference.number)) (#eq? @_math "Math") (#match? @_minmax "^(max|min)$"))
;`Number(x)` (number hint); `total += x` (the operand of a compound arithmetic assignment, as `+`'s);
; `cache[key]` (a computed key is converted to a string: key's `toString`).
((call_expression function: (identifier) @_number arguments: (arguments . [(identifier) (member_expression) (new_expression) (this)] @reference.number .)) (#eq? @_number "Number"))
(augmented_assignment_expression operator: ["+=" "-=" "*=" "/=" "%=" "**="] right: [(identifier) (member_expression) (new_expression) (this)] @reference.number)
; `hits += 1` converts hits too (our valueOf when it holds one of ours).
(augmented_assignment_expression left: [(identifier) (member_expression)] @reference.number operator: ["+=" "-=" "*=" "/=" "%=" "**="])
(subscript_expression index: [(identifier) (new_expression)] @reference.string)
((call_expression function: (member_expression object: (identifier) @_json property: (property_identifier) @_stringify) arguments: (arguments . [(identifier) (member_expression) (new_expression) (this) (call_expression)] @reference.json)) (#eq? @_json "JSON") (#eq? @_stringify "stringify"))
; `[a, b].join(",")` converts each item of the literal to a string.
((call_expression function: (member_expression object: (array [(identifier) (member_expression) (new_expression)] @reference.string) property: (property_identifier) @_join)) (#eq? @_join "join"))
; `await x` of our thenable (an object or instance with a `then` method) runs its then.
(await_expression [(identifier) (member_expression) (new_expression) (call_expression)] @reference.then)
; (`JSON.stringify({ user: u, ok })`, `JSON.stringify([a, b])`: each value of the literal, one level down.)
((call_expression function: (member_expression object: (identifier) @_json property: (property_identifier) @_stringify) arguments: (arguments . [(object [(pair value: [(identifier) (member_expression) (new_expression)] @reference.json) (shorthand_property_identifier) @reference.json]) (array [(identifier) (member_expression) (new_expression)] @reference.json)])) (#eq? @_json "JSON") (#eq? @_stringify "stringify"))
; Property writes that run a setter (`set name(v) {}`).
(assignment_expression left: (member_expression) @reference.write)
; `o.x += 1` and `o.x++` run both the getter and the setter.
(augmented_assignment_expression left: (member_expression) @reference.read)
(augmented_assignment_expression left: (member_expression) @reference.write)
(update_expression argument: (member_expression) @reference.read)
(update_expression argument: (member_expression) @reference.write)

; Calls and constructions (arguments are read from the call node, for parameter flow).
(call_expression function: (_) @callee) @reference.call
(new_expression constructor: (_) @callee) @reference.new

; Code whose target cannot be known statically: `eval`, `Function` (callees.scm) and `obj[k]()` with
; a computed k (facts-js-calls.ts `computedCall`, from the callee the call handler reads anyway).
