// fetchPage refusals that must happen before any connection (matrix harness "U"): every row runs with an
// injected resolver and a recording connect guard, and asserts that no connection was even attempted.
// No row may ever reach a non-loopback address: the guard refuses those before a socket exists, and no
// resolver entry here maps to a public address.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FetchError, fetchPage, type FetchOptions } from "../../fetch/guarded-fetch.ts";
import { fakeResolver, recorder, type ResolverMap } from "./fixtures.ts";

const names: ResolverMap = {
  localhost: ["127.0.0.1", "::1"],
  "localhost.": ["127.0.0.1"],
  "metadata.google.internal": "169.254.169.254",
  "evil.test": "127.0.0.2",
  "meta.test": "169.254.169.254",
  "ecs.test": "169.254.170.2",
  "private.test": "10.0.0.1",
  "multi.test": ["127.0.0.1", "10.0.0.1"],
  "mapped.test": "::ffff:10.0.0.1",
  "mapped-meta.test": "::ffff:169.254.169.254",
  "v6loop.test": "::1",
  "ula.test": "fd00:ec2::254",
  "nat64.test": "64:ff9b::a00:1",
  "zero.test": "0.0.0.0",
  "mcast.test": "224.0.0.1",
  "cgnat.test": "100.100.100.200",
  "junk.test": "not-an-address",
  "empty.test": [],
  "site.test": "127.0.0.1",
  // allowed explicitly below, yet one address may never be reached: the whole host fails
  "allowed-multi.test": ["127.0.0.1", "224.0.0.1"],
  "allowed-zero.test": ["127.0.0.1", "0.0.0.0"],
  "allowed-bcast.test": "255.255.255.255",
  "xn--r8jz45g.xn--zckzah": "127.0.0.2",
};

const allowPrivateHosts = ["allowed-multi.test", "allowed-zero.test", "allowed-bcast.test"];

type Row = [url: unknown, code: FetchError["code"], resolverCalls: number];
const rows: Row[] = [
  // literal loopback in every notation (S-01, S-05..S-11, S-13, S-60): refused with no DNS at all (S-47)
  ["http://127.0.0.1/", "destination_not_allowed", 0],
  ["http://127.0.0.1:8080/", "destination_not_allowed", 0],
  ["http://127.127.127.127/", "destination_not_allowed", 0],
  ["http://127.1/", "destination_not_allowed", 0],
  ["http://127.0.1/", "destination_not_allowed", 0],
  ["http://2130706433/", "destination_not_allowed", 0],
  ["http://0177.0.0.1/", "destination_not_allowed", 0],
  ["http://0177.01/", "destination_not_allowed", 0],
  ["http://0x7f000001/", "destination_not_allowed", 0],
  ["http://0x7f.0x0.0x0.0x1/", "destination_not_allowed", 0],
  ["http://0x7f.1/", "destination_not_allowed", 0],
  ["http://127.000.000.001/", "destination_not_allowed", 0],
  ["http://017700000001/", "destination_not_allowed", 0],
  ["http://%31%32%37.0.0.1/", "destination_not_allowed", 0],
  ["http://①②⑦.0.0.1/", "destination_not_allowed", 0],
  ["http://127。0。0。1/", "destination_not_allowed", 0],
  ["http:/\\/127.0.0.1/", "destination_not_allowed", 0],
  [" http://127.0.0.1/", "destination_not_allowed", 0],
  ["http://127.0.0.1\t/", "destination_not_allowed", 0],
  ["http://127.0.0.1#@site.test/", "destination_not_allowed", 0],
  // 0/8 (S-12)
  ["http://0/", "destination_not_allowed", 0],
  ["http://0.0.0.0/", "destination_not_allowed", 0],
  ["http://0.1.2.3/", "destination_not_allowed", 0],
  // IPv6 literals (S-14..S-22, S-24, S-25)
  ["http://[::1]/", "destination_not_allowed", 0],
  ["http://[0:0:0:0:0:0:0:1]/", "destination_not_allowed", 0],
  ["http://[0000::1]/", "destination_not_allowed", 0],
  ["http://[::]/", "destination_not_allowed", 0],
  ["http://[::ffff:127.0.0.2]/", "destination_not_allowed", 0],
  ["http://[::ffff:7f00:2]/", "destination_not_allowed", 0],
  ["http://[::ffff:a9fe:a9fe]/", "destination_not_allowed", 0],
  ["http://[::ffff:169.254.169.254]/", "destination_not_allowed", 0],
  ["http://[::127.0.0.1]/", "destination_not_allowed", 0],
  ["http://[::ffff:0:127.0.0.1]/", "destination_not_allowed", 0],
  ["http://[64:ff9b::7f00:1]/", "destination_not_allowed", 0],
  ["http://[64:ff9b:1::a00:1]/", "destination_not_allowed", 0],
  ["http://[2002:7f00:1::]/", "destination_not_allowed", 0],
  ["http://[2001::1]/", "destination_not_allowed", 0],
  ["http://[fe80::1]/", "destination_not_allowed", 0],
  ["http://[fd00::1]/", "destination_not_allowed", 0],
  ["http://[fc00::1]/", "destination_not_allowed", 0],
  ["http://[fd00:ec2::254]/", "destination_not_allowed", 0],
  ["http://[ff02::1]/", "destination_not_allowed", 0],
  ["http://[fec0::1]/", "destination_not_allowed", 0],
  ["http://[100::1]/", "destination_not_allowed", 0],
  ["http://[2001:db8::1]/", "destination_not_allowed", 0],
  // private, metadata and special IPv4 (S-26, S-27, S-29..S-32, S-34..S-38)
  ["http://10.0.0.1/", "destination_not_allowed", 0],
  ["http://10.255.255.255/", "destination_not_allowed", 0],
  ["http://172.16.0.1/", "destination_not_allowed", 0],
  ["http://172.31.255.255/", "destination_not_allowed", 0],
  ["http://192.168.1.1/", "destination_not_allowed", 0],
  ["http://169.254.169.254/latest/meta-data/", "destination_not_allowed", 0],
  ["http://169.254.169.254/computeMetadata/v1/", "destination_not_allowed", 0],
  ["http://2852039166/", "destination_not_allowed", 0],
  ["http://0xa9fea9fe/", "destination_not_allowed", 0],
  ["http://0251.0376.0251.0376/", "destination_not_allowed", 0],
  ["http://169.254.170.2/v2/credentials", "destination_not_allowed", 0],
  ["http://100.64.0.1/", "destination_not_allowed", 0],
  ["http://100.100.100.200/", "destination_not_allowed", 0],
  ["http://192.0.0.192/", "destination_not_allowed", 0],
  ["http://224.0.0.1/", "destination_not_allowed", 0],
  ["http://239.255.255.250/", "destination_not_allowed", 0],
  ["http://255.255.255.255/", "destination_not_allowed", 0],
  ["http://240.0.0.1/", "destination_not_allowed", 0],
  ["http://198.18.0.1/", "destination_not_allowed", 0],
  ["http://192.0.2.1/", "destination_not_allowed", 0],
  ["http://198.51.100.1/", "destination_not_allowed", 0],
  ["http://203.0.113.1/", "destination_not_allowed", 0],
  ["http://192.88.99.1/", "destination_not_allowed", 0],
  // names refused before DNS (S-02..S-04, S-33)
  ["http://localhost/", "destination_not_allowed", 0],
  ["http://localhost./", "destination_not_allowed", 0],
  ["http://localhost%2e/", "destination_not_allowed", 0],
  ["http://LOCALHOST/", "destination_not_allowed", 0],
  ["http://ｌｏｃａｌｈｏｓｔ/", "destination_not_allowed", 0],
  ["http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "destination_not_allowed", 0],
  ["http://app.localhost/", "destination_not_allowed", 0],
  ["http://metadata.google.internal/", "destination_not_allowed", 0],
  // names that resolve to blocked addresses (S-40..S-43, S-33 via DNS), one resolution each
  ["http://evil.test/", "destination_not_allowed", 1],
  ["http://meta.test/latest/meta-data/", "destination_not_allowed", 1],
  ["http://ecs.test/", "destination_not_allowed", 1],
  ["http://private.test/", "destination_not_allowed", 1],
  ["http://multi.test/", "destination_not_allowed", 1],
  ["http://mapped.test/", "destination_not_allowed", 1],
  ["http://mapped-meta.test/", "destination_not_allowed", 1],
  ["http://v6loop.test/", "destination_not_allowed", 1],
  ["http://ula.test/", "destination_not_allowed", 1],
  ["http://nat64.test/", "destination_not_allowed", 1],
  ["http://zero.test/", "destination_not_allowed", 1],
  ["http://mcast.test/", "destination_not_allowed", 1],
  ["http://cgnat.test/", "destination_not_allowed", 1],
  ["http://junk.test/", "destination_not_allowed", 1],
  ["http://例え.テスト/", "destination_not_allowed", 1],
  // allowed hosts still never reach unspecified, multicast or broadcast addresses (S-41, S-42 analogue)
  ["http://allowed-multi.test/", "destination_not_allowed", 1],
  ["http://allowed-zero.test/", "destination_not_allowed", 1],
  ["http://allowed-bcast.test/", "destination_not_allowed", 1],
  // DNS failures (S-46)
  ["http://nxdomain.test/", "fetch_failed", 1],
  ["http://empty.test/", "fetch_failed", 1],
  // ports (S-61, S-62): refused before DNS
  ["http://site.test:22/", "invalid_url", 0],
  ["http://site.test:6379/", "invalid_url", 0],
  ["http://site.test:8080/", "invalid_url", 0],
  ["http://site.test:0/", "invalid_url", 0],
  ["http://site.test:65536/", "invalid_url", 0],
  // schemes, credentials, shapes (S-23, S-39, S-50..S-56, S-59, S-63)
  ["file:///etc/passwd", "invalid_url", 0],
  ["gopher://127.0.0.1:6379/_INFO", "invalid_url", 0],
  ["dict://127.0.0.1:11211/", "invalid_url", 0],
  ["ftp://site.test/", "invalid_url", 0],
  ["data:text/html,<script type=application/ld+json>{}</script>", "invalid_url", 0],
  ["javascript:alert(1)", "invalid_url", 0],
  ["ws://site.test/", "invalid_url", 0],
  ["http://user:pass@site.test/", "invalid_url", 0],
  ["http://site.test@127.0.0.1/", "invalid_url", 0],
  ["http://127.0.0.1:80@evil.test/", "invalid_url", 0],
  ["http://[::1]:80@evil.test/", "invalid_url", 0],
  ["http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "invalid_url", 0],
  ["http://[fe80::1%25eth0]/", "invalid_url", 0],
  ["http://256.256.256.256/", "invalid_url", 0],
  ["http://4294967296/", "invalid_url", 0],
  ["http://0x100000000/", "invalid_url", 0],
  ["//127.0.0.1/", "invalid_url", 0],
  ["127.0.0.1", "invalid_url", 0],
  ["site.test/path", "invalid_url", 0],
  ["/relative", "invalid_url", 0],
  ["http://a..b/", "invalid_url", 0],
  [`http://${"a".repeat(64)}.test/`, "invalid_url", 0],
  [`http://site.test/${"a".repeat(2100)}`, "invalid_url", 0],
  [["http://site.test/"], "invalid_url", 0],
  [{ href: "http://site.test/" }, "invalid_url", 0],
  [123, "invalid_url", 0],
];

for (const [url, code, resolverCalls] of rows) {
  const label = typeof url === "string" ? JSON.stringify(url.length > 70 ? url.slice(0, 50) + "…" : url) : JSON.stringify(url);
  test(`${label} -> ${code}`, async () => {
    const dns = fakeResolver(names);
    const rec = recorder();
    const options: FetchOptions = { resolver: dns.resolve, connectGuard: rec.guard, allowPrivateHosts, timeoutMs: 2000 };
    try {
      await fetchPage(url as string, options);
      assert.unreachable("should have been refused");
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      assert.is(err.code, code, err.message);
      // Refused by the primary check, not only by the pinned connector's backstop.
      assert.not.match(String((err.cause as Error | undefined)?.message), /pinned connector/);
      // Refused before a socket exists: no connection attempt at all, and never one off the machine.
      assert.equal(rec.attempts, []);
      assert.equal(rec.offBox, []);
      assert.is(dns.calls.length, resolverCalls, `resolver calls: ${dns.calls.join(", ")}`);
      // Messages never reveal what a name resolved to (literal hosts are the caller's own words).
      if (resolverCalls > 0) {
        assert.not.match(err.message, /10\.0\.0\.1|169\.254|127\.0\.0|fd00|224\.0|0\.0\.0\.0|::ffff|::1|64:ff9b|255\.255/);
      }
    }
  });
}

test("IDN host names are resolved in punycode (S-67)", async () => {
  const dns = fakeResolver(names);
  const rec = recorder();
  await fetchPage("http://例え.テスト/", { resolver: dns.resolve, connectGuard: rec.guard }).catch(() => {});
  assert.equal(dns.calls, ["xn--r8jz45g.xn--zckzah"]);
});

test("a resolver that never answers hits the overall deadline (S-46 timeout variant)", async () => {
  const rec = recorder();
  const started = Date.now();
  const err = await fetchPage("http://slow-dns.test/", {
    resolver: () => new Promise(() => {}),
    connectGuard: rec.guard,
    timeoutMs: 150,
  }).catch((e: unknown) => e);
  assert.instance(err, FetchError);
  assert.is((err as FetchError).code, "fetch_timeout");
  assert.ok(Date.now() - started < 1500);
  assert.equal(rec.attempts, []);
});

test("a resolver that throws a non-DNS error still fails closed as fetch_failed", async () => {
  const err = await fetchPage("http://boom.test/", {
    resolver: async () => {
      throw new TypeError("resolver bug");
    },
  }).catch((e: unknown) => e);
  assert.is((err as FetchError).code, "fetch_failed");
  assert.not.match((err as FetchError).message, /resolver bug/);
});

test("invalid options are programming errors, not fetch errors", async () => {
  await fetchPage("http://site.test/", { timeoutMs: 0 }).then(
    () => assert.unreachable(),
    (e: unknown) => assert.instance(e, TypeError),
  );
  await fetchPage("http://site.test/", { allowPrivateHosts: ["http://x"] }).then(
    () => assert.unreachable(),
    (e: unknown) => assert.instance(e, TypeError),
  );
});

test.run();
