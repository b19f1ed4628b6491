; TSX only (TypeScript's JSX grammar): a prop written through a cast (`onClick={save as () => void}`,
; `onPress={cb!}`, `{f satisfies Handler}`) is handed over as the name itself is (javascript/jsx.scm).
(jsx_attribute (jsx_expression [(as_expression) (non_null_expression) (satisfies_expression)] @reference.argument))
