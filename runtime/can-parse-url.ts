/**
 * URL.canParse, safe on every Node line package.json admits. On Node 20 and 22, once V8 optimizes the call
 * (a few thousand calls in: any busy service), its fast path misreads strings holding Latin-1 characters
 * (0x80-0xFF): "https://www.müller.de/" or "HTTP://!;é" answer false while `new URL` parses them (seen on
 * 20.20 and 22.23; Node 26 is right). A false answer there is a false "invalid URL" error on real markup,
 * so any input outside ASCII is parsed in full instead. Inputs within ASCII keep the fast call.
 */
const NON_ASCII = /[^\x00-\x7f]/;

export function canParseUrl(input: string, base?: string | URL): boolean {
  const baseText = base === undefined ? undefined : String(base);
  if (!NON_ASCII.test(input) && (baseText === undefined || !NON_ASCII.test(baseText))) return URL.canParse(input, baseText);
  try {
    new URL(input, baseText);
    return true;
  } catch {
    return false;
  }
}
