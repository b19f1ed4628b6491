import runtimeWasm from "../../../../node_modules/web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import q from "../../../../grammars/python/tags.scm" with { type: "text" };
console.log(runtimeWasm, q.length);
