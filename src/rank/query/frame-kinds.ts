import type { IssueFrame } from "./parse-frames.js";

/**
 * Where installed and built-in code lives on a reporter's machine: dependencies (`site-packages`, `node_modules`,
 * `vendor`, the Go module cache, Cargo's registry, gems, Maven's repository), the standard library and the runtime
 * (`lib/python3.x`, GOROOT, `/rustc/<hash>`, `node:internal`, `/usr/include`).
 */
const LIBRARY = new RegExp([
  String.raw`(?:^|\/)(?:site-packages|dist-packages|node_modules|bower_components|vendor|\.cargo|\.rustup|gems|\.m2|\.gradle|pkg\/mod|\.nuget)\/`,
  String.raw`(?:^|\/)lib\/python\d[\d.]*\/|(?:^|\/)Python\d+\/Lib\/|^<frozen |^\/rustc\/[0-9a-f]+\/|^node:|^internal\/`,
  String.raw`^\/usr\/(?:include|lib|local\/go\/src|lib\/go[\w.-]*\/src)\/|(?:^|\/)go\/src\/(?:runtime|net|reflect|sync|testing)\/|^\.\.\/sysdeps\/`,
].join("|"));

/**
 * Functions that start or dispatch work rather than do it: a program's `main`, a module's top level, a test or task
 * runner, a request handler's dispatch. The fix is rarely there; the frame that crashed is further in. Generic
 * names that are real code as often as plumbing (`__call__`: a `Normalize.__call__` crashes itself; `inner`, `run`)
 * are not in the list: `__call__` cost a SWE-bench Lite ranking (matplotlib-25079) when it was.
 */
const ENTRY_SYMBOLS = new Set([
  "main", "Main", "__main__", "_run_code", "_run_module_as_main", "run_from_argv", "execute_from_command_line",
  "ServeHTTP", "goexit", "get_response", "_get_response", "_wrapped_view", "wsgi_app", "full_dispatch_request",
  "dispatch_request", "processTicksAndRejections", "invoke0", "runTest", "run_until_complete", "LLVMFuzzerTestOneInput",
]);

/**
 * Functions that only build or report the error once something else found it wrong (`_reportError`,
 * `_reportUnexpectedChar`, `_constructError`, `raise_error`, `throwTypeError`): the frame that called them decided
 * there was an error, and the fix is there. Builders named `new…Exception` are not in it: a crash while building the
 * error is a bug of the builder (jib-2542).
 */
const ERROR_HELPER = /^_*(?:report|raise|throw)(?:[A-Z_]|$)|^_*construct\w*(?:Error|Exception)$/;

/** A file that is a program's entry point by its name: `main.go`, `__main__.py`, `manage.py`, `Program.cs`. */
const ENTRY_FILE = /(?:^|\/)(?:main\.(?:go|rs|c|cc|cpp|py|ts|js|kt|java|swift)|__main__\.py|manage\.py|Program\.cs)$/;

/** Whether the frame runs in installed or built-in code, going by the path the reporter's machine printed. */
export function isLibraryFrame(frame: IssueFrame): boolean {
  return LIBRARY.test(frame.path);
}

/**
 * Whether the frame is plumbing rather than the crash site: an entry point or dispatch (`main`, a request handler's
 * dispatch, a runner) or a helper that only reports the error — by the function it names or, for a program's entry
 * file, by the repository path it resolved to.
 */
export function isEntryFrame(frame: IssueFrame, repoPath: string): boolean {
  if (frame.symbol !== undefined && (ENTRY_SYMBOLS.has(frame.symbol) || ERROR_HELPER.test(frame.symbol))) return true;
  return ENTRY_FILE.test(repoPath);
}
