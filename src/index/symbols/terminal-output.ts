/**
 * Text that reads as captured terminal output: a syntax highlighter's expected output, a recorded session, a log
 * with colour codes, saved under a source file's name (`tests/highlighted/Swift/test.swift`). Its lines carry
 * control characters (ANSI escape sequences start with ESC, 0x1b) that no grammar reads, so a parse is all error
 * recovery: 50 to 150 times slower than the same code without them, and for one Swift fixture 0.3 s the first time
 * in a process but 7–10 s every time after (docs/benchmarks.md, "captured terminal output is not parsed") — on
 * either side of the parse deadline, so whether such a file got symbols depended on the order files reached a
 * worker. Its "definitions" are fragments of escape codes either way. Such a text gets line windows, decided from
 * the text alone, the same on every run.
 */

/** C0 control characters other than tab, line feed, form feed and carriage return, and DEL. */
const CONTROL = /[\x00-\x08\x0b\x0e-\x1f\x7f]/;

/**
 * Whether a text reads as captured terminal output: at least 3 lines, and at least a tenth of its lines, hold a
 * control character. Code that writes a raw escape character into a string literal does so on a line or two;
 * captured output has one on most lines (bat's fixtures: 85–95 %).
 */
export function readsAsTerminalOutput(text: string): boolean {
  // Almost every text has none: one native scan decides.
  if (!CONTROL.test(text)) return false;
  let lines = 1;
  let withControl = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lines++;
      counted = false;
    } else if (!counted && isControl(c)) {
      withControl++;
      counted = true;
    }
  }
  return withControl >= 3 && withControl * 10 >= lines;
}

function isControl(c: number): boolean {
  return (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || c === 127;
}
