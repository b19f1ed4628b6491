// Globals of JavaScript runtimes (ECMAScript, browsers, Node.js). A call of one of these names
// that no scope binds is a builtin: `<builtin>.setTimeout`, `<builtin>.console.log` in the pycg
// form. Builtins are never packages, so the reach phase never sees them.
export const JS_GLOBALS = new Set([
  "Array", "ArrayBuffer", "BigInt", "Boolean", "DataView", "Date", "Error", "EvalError", "Float32Array",
  "Float64Array", "Int8Array", "Int16Array", "Int32Array", "Intl", "JSON", "Map", "Math", "Number", "Object",
  "Promise", "Proxy", "Function", "AggregateError", "RangeError", "ReferenceError", "Reflect", "RegExp", "Set", "String", "Symbol",
  "SyntaxError", "TypeError", "URIError", "Uint8Array", "Uint8ClampedArray", "Uint16Array", "Uint32Array",
  "WeakMap", "WeakRef", "WeakSet", "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent",
  "eval", "isFinite", "isNaN", "parseFloat", "parseInt", "structuredClone", "queueMicrotask",
  "console", "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate",
  "fetch", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "AbortController", "Buffer", "process",
  "alert", "document", "window", "globalThis", "atob", "btoa", "requestAnimationFrame", "Event", "CustomEvent", "EventTarget",
]);

/** Globals whose members are builtin functions too (`console.log`, `JSON.parse`, `Object.keys`). */
export const JS_NAMESPACES = new Set([
  "Array", "Atomics", "BigInt", "Date", "Intl", "JSON", "Math", "Number", "Object", "Promise", "Reflect", "String",
  "Symbol", "console", "process", "Buffer", "document", "window", "globalThis",
]);
