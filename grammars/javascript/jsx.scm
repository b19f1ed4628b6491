; JSX elements call their component (JavaScript and TSX grammars only).
(jsx_self_closing_element name: (_) @callee) @reference.call
(jsx_opening_element name: (_) @callee) @reference.call
