import { spawn, type ChildProcess } from "node:child_process";

/** What a finished child process left: its exit code (null when a signal ended it), the signal, and both streams. */
export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** How to run a child process that must finish on its own. */
export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Past this the whole process group is killed and the run fails with what it printed. Default 60 s. */
  timeoutMs?: number;
  /** Written to the child's stdin, which is then closed (stdin is closed at once without it). */
  input?: string;
}

/** Default time limit of a child process that should finish by itself. */
export const DEFAULT_CHILD_TIMEOUT_MS = 60_000;

/** The last `max` characters of `text`, marked when cut, so a failure message stays readable. */
function tail(text: string, max = 6_000): string {
  return text.length <= max ? text : `…(${text.length - max} characters cut)\n${text.slice(-max)}`;
}

/** Kills the process group led by `child` (its own children too: npm's scripts, `npm start`'s node). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // the group is gone already; the leader may not be
  }
}

/**
 * Runs `file args` in a process group of its own and resolves when it exits, whatever its exit code. A run that
 * outlives `timeoutMs` is killed with its whole group and rejects with the command and everything it printed: a
 * hang fails the test that started it instead of stalling the suite.
 */
export function runProcess(file: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHILD_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdin.on("error", () => undefined); // a child that exits without reading its input
    child.stdin.end(options.input ?? "");
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, "SIGKILL");
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${file}: ${error.message}`, { cause: error }));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new Error(`${[file, ...args].join(" ")} did not finish within ${timeoutMs} ms and was killed.\n` +
          `stdout:\n${tail(stdout)}\nstderr:\n${tail(stderr)}`));
      } else {
        resolve({ code, signal, stdout, stderr });
      }
    });
  });
}

/** A long-running child process (a server) and everything it printed, stdout and stderr interleaved. */
export interface StartedProcess {
  readonly child: ChildProcess;
  readonly output: string[];
  /** Resolves once the output matches `until` (a pattern or a test); rejects past `timeoutMs` or if the process exits. */
  waitFor(until: RegExp | (() => boolean), timeoutMs: number): Promise<void>;
  /** SIGTERM to the process group, SIGKILL if it is still there after `graceMs`; resolves the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts `command args` in its own process group (so `npm start`'s node child is stopped with it). */
export function startProcess(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): StartedProcess {
  const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const printed = () => tail(output.join(""), 4_000);
  return {
    child,
    output,
    waitFor(until, timeoutMs) {
      const done = typeof until === "function" ? until : () => until.test(output.join(""));
      return new Promise((resolve, reject) => {
        const finish = (error?: Error) => {
          clearTimeout(timer);
          child.stdout?.off("data", check);
          child.stderr?.off("data", check);
          if (error) reject(error);
          else resolve();
        };
        const timer = setTimeout(() => finish(new Error(`no ${String(until)} within ${timeoutMs} ms:\n${printed()}`)), timeoutMs);
        function check() {
          if (done()) finish();
        }
        child.stdout?.on("data", check);
        child.stderr?.on("data", check);
        void exited.then((code) => finish(new Error(`process exited with ${code}:\n${printed()}`)));
        check();
      });
    },
    async stop(graceMs = 10_000) {
      killGroup(child, "SIGTERM");
      const killer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(killer);
      }
    },
  };
}

/** A TypeScript source file of the project run as its own process, as `npm run bugscout` does (node + tsx). */
export function runSource(file: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  // tsx resolved from here, not from the child's working directory (the Action's runs in a temporary workspace).
  return runProcess(process.execPath, ["--import", import.meta.resolve("tsx"), file, ...args], options);
}
