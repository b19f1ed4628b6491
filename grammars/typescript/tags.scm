; TypeScript-only definitions (the shared JavaScript queries are compiled for TypeScript too).
(abstract_class_declaration name: (_) @name (class_heritage (extends_clause value: (_) @definition.base))?) @definition.class
(public_field_definition
  name: (_) @name
  value: [(function_expression) (arrow_function)] @definition.method)
