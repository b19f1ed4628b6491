; TypeScript-only definitions (the shared JavaScript queries are compiled for TypeScript too).
(abstract_class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @definition.base))?) @definition.class
; Class fields holding functions: as javascript/js-only.scm's field_definition.
(public_field_definition value: [(function_expression) (arrow_function)] @definition.method) @name.of
; Class fields holding object literals (`table = { start: () => this.start() }`): a namespace for
; the members (`main.Engine.table.start`), as a declarator's object is.
(public_field_definition value: (object) @definition.object) @name.of
; Class fields holding classes: as javascript/js-only.scm's field_definition.
(public_field_definition value: (class (class_heritage (_) @definition.base)?) @definition.class) @name.of
; `namespace Util { export function fmt() {} }` (or the older `module Util {}`): a namespace for its
; members (`Util.fmt()`).
[(internal_module name: [(identifier) (nested_identifier)] @name) (module name: [(identifier) (nested_identifier)] @name)] @definition.object
; `export = { run, stop() {} }`: the module's value is that object.
(export_statement "=" (object) @definition.object)

; Type annotations stand for values we may not see: `const s: Service = container.get()` (facts.ts
; `typedName`, from the declarator's match), `private repo: Repo;` (a field filled by a framework)
; → instances of that class. A field's name is read from it (facts-js-captures.ts `jsFacts`), as for the fields
; holding functions.
(public_field_definition type: (type_annotation) @typed.type) @typed
; Class-like names written as types (`s: Shape`, `implements Shape`, `Array<Shape>`), which make no
; instance, and the class names declared (facts.ts: jsUsedNames counts neither as a use).
((type_identifier) @ts.type (#match? @ts.type "^[A-Z]"))
; `typeof Shape` written as a type (`C: typeof Shape`, `as typeof Shape`) makes no instance either.
((type_query (identifier) @ts.type) (#match? @ts.type "^[A-Z]"))
