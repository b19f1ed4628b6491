; Definitions and references for Python 3 (tree-sitter tags capture names).
(function_definition name: (identifier) @name) @definition.function
(class_definition
  name: (identifier) @name
  superclasses: (argument_list [(identifier) (attribute)]* @definition.base)?) @definition.class

; `if __name__ == "__main__":` — the block runs only when the file is the program.
((if_statement
  condition: (comparison_operator (identifier) @_name (string (string_content) @_main))
  consequence: (block) @definition.main)
  (#eq? @_name "__name__") (#eq? @_main "__main__"))
((if_statement
  condition: (comparison_operator (string (string_content) @_main) (identifier) @_name)
  consequence: (block) @definition.main)
  (#eq? @_name "__name__") (#eq? @_main "__main__"))

(call function: (_) @callee) @reference.call
; A bare decorator (`@login_required`) is a call of it with the function.
(decorator [(identifier) (attribute)] @callee) @reference.call
; The decorated function is handed to its decorators (Flask/FastAPI routes, click commands).
(decorated_definition definition: (_) @reference.target) @reference.decorated
(argument_list [(identifier) (attribute)] @reference.argument)
(keyword_argument value: [(identifier) (attribute)] @reference.argument)
