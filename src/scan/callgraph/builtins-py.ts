// Names Python resolves in its builtins module when no scope binds them. Calls of these are
// shown as `<builtin>.name` in the pycg form; they are never package uses. `super()` itself is a
// builtin call (`<builtin>.super`, as PyCG writes it); what `super().m` names is resolved along
// the MRO (refs-js.ts, resolve.ts).
export const PY_BUILTINS: ReadonlySet<string> = new Set([
  "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes",
  "callable", "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod",
  "enumerate", "eval", "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals",
  "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len",
  "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow",
  "print", "property", "quit", "range", "repr", "reversed", "round", "set", "setattr", "slice",
  "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip", "__import__",
  "BaseException", "BaseExceptionGroup", "Exception", "ExceptionGroup", "ArithmeticError",
  "AssertionError", "AttributeError", "BlockingIOError", "BrokenPipeError", "BufferError",
  "ChildProcessError", "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError",
  "ConnectionResetError", "EOFError", "EnvironmentError", "FileExistsError", "FileNotFoundError",
  "FloatingPointError", "GeneratorExit", "IOError", "ImportError", "IndentationError", "IndexError",
  "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt", "LookupError",
  "MemoryError", "ModuleNotFoundError", "NameError", "NotADirectoryError", "NotImplementedError",
  "OSError", "OverflowError", "PermissionError", "ProcessLookupError", "RecursionError",
  "ReferenceError", "RuntimeError", "StopAsyncIteration", "StopIteration", "SyntaxError",
  "SystemError", "SystemExit", "TabError", "TimeoutError", "TypeError", "UnboundLocalError",
  "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError", "ValueError",
  "ZeroDivisionError", "Warning", "UserWarning", "DeprecationWarning", "RuntimeWarning",
]);
