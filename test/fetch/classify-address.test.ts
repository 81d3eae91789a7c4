// Pure classification table (no network). Matrix rows: S-01..S-38 address parts, S-28 boundaries, S-43.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  classifyAddress,
  isPublicAddress,
  isUnicastRange,
  sameAddress,
  type AddressRange,
} from "../../fetch/classify-address.ts";

// [address, expected range] — "public" rows are the only ones that may be fetched without an allow entry.
const table: Array<[string, AddressRange]> = [
  // IPv4: this network, 0/8 (S-12)
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["0.255.255.255", "unspecified"],
  // loopback 127/8 (S-01, S-13)
  ["127.0.0.1", "loopback"],
  ["127.0.0.2", "loopback"],
  ["127.127.127.127", "loopback"],
  ["127.255.255.255", "loopback"],
  // private (S-26, S-27, S-29)
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.0.1", "private"],
  ["192.168.1.1", "private"],
  ["192.168.255.255", "private"],
  // CGNAT 100.64/10, Alibaba metadata (S-34)
  ["100.64.0.1", "carrierGradeNat"],
  ["100.100.100.200", "carrierGradeNat"],
  ["100.127.255.255", "carrierGradeNat"],
  // link-local and cloud metadata (S-30, S-32)
  ["169.254.0.1", "linkLocal"],
  ["169.254.169.254", "linkLocal"],
  ["169.254.170.2", "linkLocal"],
  ["169.254.255.255", "linkLocal"],
  // IETF protocol assignments, Oracle metadata (S-35)
  ["192.0.0.1", "ietfProtocol"],
  ["192.0.0.192", "ietfProtocol"],
  // documentation, benchmarking, relays, AS112, AMT (S-38)
  ["192.0.2.1", "documentation"],
  ["198.51.100.1", "documentation"],
  ["203.0.113.1", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.88.99.1", "relay6to4"],
  ["192.31.196.1", "as112"],
  ["192.175.48.1", "as112"],
  ["192.52.193.1", "amt"],
  // multicast, reserved, broadcast (S-36, S-37)
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["254.255.255.255", "reserved"],
  ["255.255.255.255", "broadcast"],
  // public IPv4, including the boundaries just outside blocked ranges (S-28)
  ["1.1.1.1", "public"],
  ["8.8.8.8", "public"],
  ["9.255.255.255", "public"],
  ["11.0.0.1", "public"],
  ["93.184.215.14", "public"],
  ["100.63.255.255", "public"],
  ["100.128.0.1", "public"],
  ["126.255.255.255", "public"],
  ["128.0.0.1", "public"],
  ["169.253.255.255", "public"],
  ["169.255.0.1", "public"],
  ["172.15.255.255", "public"],
  ["172.32.0.1", "public"],
  ["192.0.1.1", "public"],
  ["192.0.3.1", "public"],
  ["192.167.255.255", "public"],
  ["192.169.0.1", "public"],
  ["198.17.255.255", "public"],
  ["198.20.0.1", "public"],
  ["198.51.99.1", "public"],
  ["203.0.112.1", "public"],
  ["223.255.255.255", "public"],

  // IPv6 basics (S-14, S-15)
  ["::", "unspecified"],
  ["0:0:0:0:0:0:0:0", "unspecified"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["0000::1", "loopback"],
  ["[::1]", "loopback"],
  // IPv4-mapped: unmapped and classified as IPv4 (S-16, S-17, S-43)
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:127.0.0.2", "loopback"],
  ["::FFFF:7F00:2", "loopback"],
  ["::ffff:a9fe:a9fe", "linkLocal"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:0.0.0.0", "unspecified"],
  ["0:0:0:0:0:ffff:c0a8:101", "private"],
  ["::ffff:224.0.0.1", "multicast"],
  // IPv4-compatible ::/96 (ipaddr.js calls it unicast; S-18) and RFC 6145 (S-19)
  ["::7f00:1", "ipv4Compatible"],
  ["::127.0.0.1", "ipv4Compatible"],
  ["::8.8.8.8", "ipv4Compatible"],
  ["::ffff:0:127.0.0.1", "ipv4Translated"],
  ["::ffff:0:7f00:1", "ipv4Translated"],
  // NAT64 (S-20): outside 2000::/3, blocked whatever it embeds
  ["64:ff9b::7f00:1", "nat64"],
  ["64:ff9b::a00:1", "nat64"],
  ["64:ff9b::808:808", "nat64"],
  ["64:ff9b:1::a00:1", "nat64"],
  // discard, ULA, link-local, site-local, multicast, other non-2000::/3 (S-22, S-24, S-25)
  ["100::1", "discard"],
  ["fc00::1", "uniqueLocal"],
  ["fd00::1", "uniqueLocal"],
  ["fd00:ec2::254", "uniqueLocal"],
  ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "uniqueLocal"],
  ["fe80::1", "linkLocal"],
  ["febf:ffff::1", "linkLocal"],
  ["fec0::1", "siteLocal"],
  ["ff02::1", "multicast"],
  ["ff0e::1", "multicast"],
  ["1::1", "reserved"],
  ["1fff:ffff::1", "reserved"],
  ["4000::1", "reserved"],
  ["e000::1", "reserved"],
  // inside 2000::/3 but special (S-21, S-25)
  ["2001::1", "teredo"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
  ["2001:2::1", "benchmarking"],
  ["2001:10::1", "ietfProtocol"],
  ["2001:1ff:ffff::1", "ietfProtocol"],
  ["2001:db8::1", "documentation"],
  ["2001:0db8:85a3::8a2e:370:7334", "documentation"],
  ["3fff::1", "documentation"],
  ["3fff:0fff::1", "documentation"],
  ["2002:7f00:1::", "6to4"],
  ["2002:a00:1::1", "6to4"],
  ["2002:808:808::1", "6to4"],
  ["5f00::1", "srv6"],
  ["2620:4f:8000::1", "as112"],
  // public IPv6
  ["2000::1", "public"],
  ["2001:200::1", "public"],
  ["2001:4860:4860::8888", "public"],
  ["2606:4700:4700::1111", "public"],
  ["2a00:1450:4001:80b::200e", "public"],
  ["2620:4f:8001::1", "public"],
  ["3fff:1000::1", "public"],
  ["3ffe::1", "public"],

  // not an address in canonical form: fail closed (the URL parser canonicalizes before we classify)
  ["", "invalid"],
  ["localhost", "invalid"],
  ["127.1", "invalid"],
  ["2130706433", "invalid"],
  ["0x7f000001", "invalid"],
  ["0177.0.0.1", "invalid"],
  ["010.0.0.1", "invalid"],
  ["127.000.000.001", "invalid"],
  ["256.1.1.1", "invalid"],
  ["1.2.3.4.5", "invalid"],
  ["1.2.3", "invalid"],
  [" 8.8.8.8x", "invalid"],
  ["::ffff:127.1", "invalid"],
  ["1:2:3:4:5:6:7:8:9", "invalid"],
  ["1::2::3", "invalid"],
  ["gggg::1", "invalid"],
  ["[::1", "invalid"],
];

for (const [address, range] of table) {
  test(`classify ${JSON.stringify(address)} -> ${range}`, () => {
    const cls = classifyAddress(address);
    assert.is(cls.range, range);
    assert.is(cls.public, range === "public");
    assert.is(isPublicAddress(address), range === "public");
  });
}

test("IPv4-mapped IPv6 is reported as the IPv4 address it reaches", () => {
  const cls = classifyAddress("::ffff:a9fe:a9fe");
  assert.is(cls.family, 4);
  assert.is(cls.address, "169.254.169.254");
  assert.is(classifyAddress("::ffff:8.8.8.8").public, true);
  assert.is(classifyAddress("::ffff:8.8.8.8").address, "8.8.8.8");
});

test("a zone id never makes an address public", () => {
  assert.is(classifyAddress("fe80::1%eth0").range, "linkLocal");
  assert.is(classifyAddress("fe80::1%eth0").public, false);
  assert.is(classifyAddress("2001:4860::1%eth0").public, false);
});

test("canonical forms and sameAddress", () => {
  assert.is(classifyAddress("0:0:0:0:0:0:0:1").address, classifyAddress("::1").address);
  assert.ok(sameAddress("::ffff:127.0.0.1", "127.0.0.1"));
  assert.ok(sameAddress("::ffff:7f00:1", "::ffff:127.0.0.1"));
  assert.ok(sameAddress("2001:DB8::1", "2001:db8:0:0:0:0:0:1"));
  assert.not.ok(sameAddress("127.0.0.1", "127.0.0.2"));
  assert.not.ok(sameAddress("::7f00:1", "127.0.0.1")); // IPv4-compatible is not IPv4-mapped
  assert.not.ok(sameAddress("junk", "junk"));
});

test("explicitly allowed hosts may reach unicast ranges, never unspecified, multicast or broadcast", () => {
  for (const range of ["loopback", "private", "linkLocal", "uniqueLocal", "public"] as const) assert.ok(isUnicastRange(range));
  for (const range of ["unspecified", "multicast", "broadcast", "invalid"] as const) assert.not.ok(isUnicastRange(range));
});

test.run();
