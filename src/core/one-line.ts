/**
 * Text from the user (a seed, a title, a file name, a message quoting a value) as one line shown as it
 * is: line breaks and control characters (a pasted escape sequence) written out as `\n`, `\x1b`, ...,
 * so it can neither start a new line of a Markdown report or a terminal message nor drive the terminal.
 */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}
