/**
 * The Action's `args` and `inputs` as a POSIX shell splits words, without expanding anything: quotes are
 * quoting (`--user-agent "acme ci"` is two words), a backslash escapes the next character (outside single
 * quotes), and newlines separate words like spaces. Globs stay as written: sdv expands them itself, the
 * same on every runner.
 */
export class ShellWordsError extends Error {}

export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw new ShellWordsError(`unterminated ' in ${JSON.stringify(text)}`);
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      inWord = true;
      for (i++; ; i++) {
        if (i >= text.length) throw new ShellWordsError(`unterminated " in ${JSON.stringify(text)}`);
        const d = text[i];
        if (d === '"') break;
        // Inside double quotes a backslash escapes only what the shell lets it escape.
        if (d === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
          i++;
          if (text[i] !== "\n") word += text[i];
        } else word += d;
      }
    } else if (c === "\\") {
      if (i + 1 >= text.length) throw new ShellWordsError(`a trailing \\ in ${JSON.stringify(text)}`);
      i++;
      if (text[i] === "\n") continue; // a line continuation
      word += text[i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
