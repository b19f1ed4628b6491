; JSX elements call their component (JavaScript and TSX grammars only).
(jsx_self_closing_element name: (_) @callee) @reference.call
(jsx_opening_element name: (_) @callee) @reference.call
; A function handed to a component as a prop (`<Button onClick={save} />`, `onClick={handlers[kind]}`) counts as called here.
(jsx_attribute (jsx_expression [(identifier) (member_expression) (subscript_expression) (parenthesized_expression)] @reference.argument))
; `onClick={remove.bind(null, id)}`: the bound function, handed over the same way.
(jsx_attribute (jsx_expression (call_expression function: (member_expression property: (property_identifier) @_bind (#eq? @_bind "bind"))) @reference.argument))
; `onClick={disabled ? undefined : save}`, `onClick={enabled && save}`: either operand.
(jsx_attribute (jsx_expression (ternary_expression consequence: [(identifier) (member_expression)] @reference.argument)))
(jsx_attribute (jsx_expression (ternary_expression alternative: [(identifier) (member_expression)] @reference.argument)))
(jsx_attribute (jsx_expression (binary_expression operator: ["&&" "||" "??"] right: [(identifier) (member_expression)] @reference.argument)))
; `onClick={select(id)}`: a call made while rendering, whose result (a curried handler) is handed over.
(jsx_attribute (property_identifier) @_on (#match? @_on "^on[A-Z]") (jsx_expression (call_expression function: (identifier)) @reference.argument))
(jsx_attribute (property_identifier) @_on (#match? @_on "^on[A-Z]") (jsx_expression (call_expression function: (member_expression property: (property_identifier) @_m (#not-eq? @_m "bind"))) @reference.argument))
