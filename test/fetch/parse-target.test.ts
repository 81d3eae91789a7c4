// parse-target and host-policy tables (pure). Matrix rows: S-03..S-12, S-14, S-16..S-18, S-23, S-31, S-39,
// S-50..S-56, S-59..S-63 (parse side), plus the allow-list syntax.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FetchError } from "../../fetch/fetch-error.ts";
import { isAllowedHost, isDeniedHostname, parseAllowedHosts } from "../../fetch/host-policy.ts";
import { isPortAllowed, MAX_URL_LENGTH, parseTarget } from "../../fetch/parse-target.ts";

type Ok = { host: string; hostname?: string; port: number; ip: 0 | 4 | 6; href?: string };
const accepted: Array<[string, Ok]> = [
  ["http://example.com/", { host: "example.com", port: 80, ip: 0, href: "http://example.com/" }],
  ["https://example.com/a?b=c#frag", { host: "example.com", port: 443, ip: 0, href: "https://example.com/a?b=c" }],
  ["HTTP://EXAMPLE.COM", { host: "example.com", port: 80, ip: 0, href: "http://example.com/" }],
  ["http://example.com:80/", { host: "example.com", port: 80, ip: 0, href: "http://example.com/" }],
  ["https://example.com:443/", { host: "example.com", port: 443, ip: 0, href: "https://example.com/" }],
  ["http://example.com:8080/", { host: "example.com", port: 8080, ip: 0 }],
  ["http://example.com:22/", { host: "example.com", port: 22, ip: 0 }],
  ["  http://example.com/\t", { host: "example.com", port: 80, ip: 0 }],
  ["http://例え.テスト/", { host: "xn--r8jz45g.xn--zckzah", port: 80, ip: 0 }],
  ["http://example.com./", { host: "example.com.", port: 80, ip: 0 }],
  ["http://example.com\\@127.0.0.1/", { host: "example.com", port: 80, ip: 0, href: "http://example.com/@127.0.0.1/" }],
  ["http://127.0.0.1#@example.com/", { host: "127.0.0.1", port: 80, ip: 4, href: "http://127.0.0.1/" }],
  // IPv4 notations: WHATWG canonicalizes them to dotted quads (S-05..S-12, S-31)
  ["http://127.0.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://127.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://127.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://2130706433/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0177.0.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0177.01/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0x7f000001/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0x7f.0x0.0x0.0x1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0x7f.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://127.000.000.001/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://017700000001/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://%31%32%37.0.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://①②⑦.0.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://127。0。0。1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http:/\\/127.0.0.1/", { host: "127.0.0.1", port: 80, ip: 4 }],
  ["http://0/", { host: "0.0.0.0", port: 80, ip: 4 }],
  ["http://2852039166/", { host: "169.254.169.254", port: 80, ip: 4 }],
  ["http://0xa9fea9fe/", { host: "169.254.169.254", port: 80, ip: 4 }],
  ["http://0251.0376.0251.0376/", { host: "169.254.169.254", port: 80, ip: 4 }],
  // host names that normalize to localhost (S-03, S-04)
  ["http://LOCALHOST/", { host: "localhost", port: 80, ip: 0 }],
  ["http://ｌｏｃａｌｈｏｓｔ/", { host: "localhost", port: 80, ip: 0 }],
  ["http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", { host: "localhost", port: 80, ip: 0 }],
  ["http://localhost%2e/", { host: "localhost.", port: 80, ip: 0 }],
  // IPv6 literals keep brackets in `host`, lose them in `hostname` (S-14, S-16..S-18)
  ["http://[::1]/", { host: "[::1]", hostname: "::1", port: 80, ip: 6 }],
  ["http://[0:0:0:0:0:0:0:1]:8080/", { host: "[::1]", hostname: "::1", port: 8080, ip: 6 }],
  ["http://[::ffff:127.0.0.1]/", { host: "[::ffff:7f00:1]", hostname: "::ffff:7f00:1", port: 80, ip: 6 }],
  ["http://[::127.0.0.1]/", { host: "[::7f00:1]", hostname: "::7f00:1", port: 80, ip: 6 }],
];

for (const [input, want] of accepted) {
  test(`parse ${JSON.stringify(input)}`, () => {
    const t = parseTarget(input);
    assert.is(t.host, want.host);
    assert.is(t.hostname, want.hostname ?? want.host);
    assert.is(t.port, want.port);
    assert.is(t.ipFamily, want.ip);
    if (want.href) assert.is(t.url.href, want.href);
    assert.is(t.url.hash, "");
  });
}

const long = "http://example.com/" + "a".repeat(MAX_URL_LENGTH);
const rejected: unknown[] = [
  // schemes (S-51..S-53)
  "file:///etc/passwd",
  "file://\\/\\/etc/passwd",
  "gopher://127.0.0.1:6379/_INFO",
  "dict://127.0.0.1:11211/",
  "ldap://example.com/",
  "tftp://example.com/x",
  "sftp://example.com/x",
  "ftp://example.com/",
  "data:text/html,<script type=application/ld+json>{}</script>",
  "javascript:alert(1)",
  "blob:https://example.com/uuid",
  "ws://example.com/",
  "wss://example.com/",
  // credentials (S-54..S-56)
  "http://user:pass@example.com/",
  "http://user@example.com/",
  "http://:pass@example.com/",
  "http://example.com@127.0.0.1/",
  "http://127.0.0.1:80@evil.test/",
  "http://[::1]:80@evil.test/",
  "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
  // not absolute, or not parseable (S-23, S-39, S-59, S-62)
  "//127.0.0.1/",
  "127.0.0.1",
  "example.com/path",
  "/relative",
  "",
  "   ",
  "http://",
  "http://[fe80::1%25eth0]/",
  "http://256.256.256.256/",
  "http://1.2.3.4.5/",
  "http://4294967296/",
  "http://0x100000000/",
  "http://example.com:65536/",
  "http://127.0.0.1%00.example.com/",
  "http://a b/",
  // port 0, length, host name shape (S-50, S-61, S-63)
  "http://example.com:0/",
  long,
  `http://${"a".repeat(64)}.com/`,
  `http://${Array(130).fill("ab").join(".")}/`,
  "http://a..b/",
  "http://.example.com/",
  "http://example.com../",
  // not a string at all (arrays and objects from query strings or JSON bodies; S-65, S-66 at this level)
  undefined,
  null,
  123,
  ["http://example.com/"],
  { href: "http://example.com/" },
];

for (const input of rejected) {
  test(`reject ${typeof input === "string" ? JSON.stringify(input.length > 80 ? input.slice(0, 60) + "…" : input) : String(input)}`, () => {
    try {
      parseTarget(input);
    } catch (err) {
      assert.instance(err, FetchError);
      assert.is((err as FetchError).code, "invalid_url");
      assert.not.match((err as FetchError).message, /:pass|127\.0\.0\.1|evil|2\.2\.2\.2/);
      return;
    }
    assert.unreachable("should have been rejected");
  });
}

test("relative redirect targets resolve against the current URL", () => {
  const base = parseTarget("http://site.test:8080/a/b?x=1").url;
  assert.is(parseTarget("/next", base).url.href, "http://site.test:8080/next");
  assert.is(parseTarget("c", base).url.href, "http://site.test:8080/a/c");
  assert.is(parseTarget("//evil.test/x", base).url.href, "http://evil.test/x");
  assert.is(parseTarget("https://other.test/", base).port, 443);
  assert.throws(() => parseTarget("file:///etc/passwd", base), (e: FetchError) => e.code === "invalid_url");
  assert.throws(() => parseTarget("http://u:p@x.test/", base), (e: FetchError) => e.code === "invalid_url");
});

test("port policy: 80 and 443 by default, more only when configured or the host is allowed explicitly", () => {
  const t = (u: string) => parseTarget(u);
  assert.ok(isPortAllowed(t("http://example.com/")));
  assert.ok(isPortAllowed(t("http://example.com:443/")));
  assert.ok(isPortAllowed(t("https://example.com:80/")));
  for (const port of [22, 6379, 8080, 11211, 65535]) {
    assert.not.ok(isPortAllowed(t(`http://example.com:${port}/`)), String(port));
  }
  assert.ok(isPortAllowed(t("http://example.com:8080/"), [80, 443, 8080]));
  assert.ok(isPortAllowed(t("http://example.com:6379/"), undefined, true));
});

// [entries, hostname (URL.hostname form), port, expected]
const allowTable: Array<[string[], string, number, boolean]> = [
  [["site.test"], "site.test", 80, true],
  [["site.test"], "site.test", 12345, true],
  [["SITE.test."], "site.test", 80, true],
  [["site.test"], "site.test.", 80, true],
  [["site.test:8080"], "site.test", 8080, true],
  [["site.test:8080"], "site.test", 8081, false],
  [["site.test"], "other.test", 80, false],
  [["site.test"], "sub.site.test", 80, false],
  [["127.0.0.1"], "127.0.0.1", 1234, true],
  [["2130706433"], "127.0.0.1", 1234, true],
  [["127.0.0.1:99"], "127.0.0.1", 1234, false],
  [["[::1]"], "[::1]", 1234, true],
  [["[0:0::1]:1234"], "[::1]", 1234, true],
  [["例え.テスト"], "xn--r8jz45g.xn--zckzah", 80, true],
  [[" a.test ", "", "b.test:81"], "b.test", 81, true],
  [[], "site.test", 80, false],
];

for (const [entries, hostname, port, want] of allowTable) {
  test(`allow list ${JSON.stringify(entries)} ${hostname}:${port} -> ${want}`, () => {
    assert.is(isAllowedHost(parseAllowedHosts(entries), hostname, port), want);
  });
}

test("invalid allow-list entries fail loudly", () => {
  for (const bad of ["http://site.test", "site.test:", "site.test:0", "site.test:70000", "::1", "a b", "[::1"]) {
    assert.throws(() => parseAllowedHosts([bad]), TypeError, bad);
  }
});

test("names refused before DNS", () => {
  for (const h of ["localhost", "localhost.", "a.localhost", "metadata.google.internal", "x.internal."]) {
    assert.ok(isDeniedHostname(h), h);
  }
  for (const h of ["example.com", "localhost.example.com", "internal.example.com", "site.test"]) {
    assert.not.ok(isDeniedHostname(h), h);
  }
});

test.run();
