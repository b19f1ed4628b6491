; Class fields holding functions (`handle = () => {}`): JavaScript grammar only; TypeScript names
; the node public_field_definition (see typescript/tags.scm).
(field_definition
  property: (_) @name
  value: [(function_expression) (arrow_function)] @definition.method)
