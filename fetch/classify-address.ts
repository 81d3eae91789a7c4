/**
 * Pure classification of one IP address: is it a public (global unicast) destination?
 *
 * Input is an address as the WHATWG URL parser or a resolver produces it: dotted-quad IPv4 or textual IPv6
 * (brackets tolerated). Anything else is "invalid", which is never public (fail closed). This module never
 * parses URLs or host names, so there is no second parser to disagree with the network stack.
 *
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) reaches the IPv4 stack, so it is unmapped and classified as IPv4.
 * IPv6 is public only inside 2000::/3 and outside the special-purpose blocks there (IANA registry).
 */
import { isIPv6 } from "node:net";

export type AddressRange =
  | "public"
  | "unspecified" //       0.0.0.0/8, ::/128
  | "loopback" //          127/8, ::1
  | "private" //           10/8, 172.16/12, 192.168/16
  | "carrierGradeNat" //   100.64/10 (also Alibaba metadata 100.100.100.200)
  | "linkLocal" //         169.254/16 (cloud metadata), fe80::/10
  | "ietfProtocol" //      192.0.0/24 (Oracle metadata 192.0.0.192), 2001::/23 (rest)
  | "documentation" //     192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20
  | "benchmarking" //      198.18/15, 2001:2::/48
  | "as112" //             192.31.196/24, 192.175.48/24, 2620:4f:8000::/48
  | "amt" //               192.52.193/24
  | "relay6to4" //         192.88.99/24
  | "multicast" //         224/4, ff00::/8
  | "reserved" //          240/4 (bar broadcast), and IPv6 outside 2000::/3 not named below
  | "broadcast" //         255.255.255.255
  | "ipv4Compatible" //    ::/96 (deprecated IPv4-compatible IPv6)
  | "ipv4Translated" //    ::ffff:0:0:0/96 (RFC 6145)
  | "nat64" //             64:ff9b::/96, 64:ff9b:1::/48
  | "discard" //           100::/64
  | "teredo" //            2001::/32
  | "6to4" //              2002::/16
  | "srv6" //              5f00::/16 (outside 2000::/3 anyway; named for clarity)
  | "uniqueLocal" //       fc00::/7 (AWS IPv6 IMDS fd00:ec2::254)
  | "siteLocal" //         fec0::/10
  | "invalid";

export interface AddressClass {
  /** Canonical form: dotted quad for IPv4 (IPv4-mapped IPv6 unmapped), eight lowercase hex words for IPv6. */
  readonly address: string;
  /** 4 or 6 as classified (4 for IPv4-mapped IPv6); 0 when the input is not an IP address. */
  readonly family: 0 | 4 | 6;
  readonly range: AddressRange;
  /** True only for a public, global unicast address. */
  readonly public: boolean;
}

/** Is `address` a public, global unicast address? */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).public;
}

/**
 * Ranges an operator may reach by allowing a host explicitly (FETCH_ALLOWED_PRIVATE_HOSTS): any unicast
 * address, private or loopback included, but never "this host" (0/8, ::), multicast, broadcast or junk.
 */
export function isUnicastRange(range: AddressRange): boolean {
  return range !== "unspecified" && range !== "multicast" && range !== "broadcast" && range !== "invalid";
}

export function classifyAddress(input: string): AddressClass {
  let text = input.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);

  const v4 = parseIPv4(text);
  if (v4) {
    const range = classifyIPv4(v4);
    return { address: v4.join("."), family: 4, range, public: range === "public" };
  }

  // A zone id (fe80::1%eth0) only exists for scoped, hence non-global, addresses: classify, never public.
  const zone = text.indexOf("%");
  const hasZone = zone !== -1;
  if (hasZone) text = text.slice(0, zone);

  const words = parseIPv6(text);
  if (!words) return { address: input, family: 0, range: "invalid", public: false };

  // IPv4-mapped ::ffff:0:0/96 reaches the IPv4 stack: classify the embedded IPv4 address.
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && words[3] === 0 && words[4] === 0 && words[5] === 0xffff) {
    const mapped = [words[6] >> 8, words[6] & 0xff, words[7] >> 8, words[7] & 0xff];
    const range = classifyIPv4(mapped);
    return { address: mapped.join("."), family: 4, range, public: range === "public" && !hasZone };
  }

  const range = classifyIPv6(words);
  return {
    address: words.map((w) => w.toString(16)).join(":"),
    family: 6,
    range,
    public: range === "public" && !hasZone,
  };
}

/** Do two textual addresses denote the same destination (IPv4-mapped forms equal their IPv4 address)? */
export function sameAddress(a: string, b: string): boolean {
  const ca = classifyAddress(a);
  const cb = classifyAddress(b);
  return ca.family !== 0 && ca.family === cb.family && ca.address === cb.address;
}

function classifyIPv4([a, b, c, d]: number[]): AddressRange {
  if (a === 0) return "unspecified";
  if (a === 10) return "private";
  if (a === 100 && (b & 0xc0) === 64) return "carrierGradeNat";
  if (a === 127) return "loopback";
  if (a === 169 && b === 254) return "linkLocal";
  if (a === 172 && (b & 0xf0) === 16) return "private";
  if (a === 192) {
    if (b === 0 && c === 0) return "ietfProtocol";
    if (b === 0 && c === 2) return "documentation";
    if (b === 31 && c === 196) return "as112";
    if (b === 52 && c === 193) return "amt";
    if (b === 88 && c === 99) return "relay6to4";
    if (b === 168) return "private";
    if (b === 175 && c === 48) return "as112";
  }
  if (a === 198 && (b & 0xfe) === 18) return "benchmarking";
  if (a === 198 && b === 51 && c === 100) return "documentation";
  if (a === 203 && b === 0 && c === 113) return "documentation";
  if (a >= 224 && a <= 239) return "multicast";
  if (a === 255 && b === 255 && c === 255 && d === 255) return "broadcast";
  if (a >= 240) return "reserved";
  return "public";
}

function classifyIPv6(w: number[]): AddressRange {
  const zeroUpTo = (n: number) => w.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && w[7] === 1) return "loopback";
  if (zeroUpTo(6)) return "ipv4Compatible";
  if (zeroUpTo(4) && w[4] === 0xffff && w[5] === 0) return "ipv4Translated";
  if (w[0] === 0x64 && w[1] === 0xff9b && (w[2] === 1 || (w[2] === 0 && w[3] === 0 && w[4] === 0 && w[5] === 0))) {
    return "nat64";
  }
  if (w[0] === 0x100 && w[1] === 0 && w[2] === 0 && w[3] === 0) return "discard";

  // Outside 2000::/3 nothing is global unicast.
  if ((w[0] & 0xe000) !== 0x2000) {
    if ((w[0] & 0xfe00) === 0xfc00) return "uniqueLocal";
    if ((w[0] & 0xffc0) === 0xfe80) return "linkLocal";
    if ((w[0] & 0xffc0) === 0xfec0) return "siteLocal";
    if ((w[0] & 0xff00) === 0xff00) return "multicast";
    if (w[0] === 0x5f00) return "srv6";
    return "reserved";
  }

  if (w[0] === 0x2001) {
    if (w[1] === 0) return "teredo"; //                                  2001::/32
    if (w[1] === 2 && w[2] === 0) return "benchmarking"; //              2001:2::/48
    if (w[1] < 0x200) return "ietfProtocol"; //                          2001::/23
    if (w[1] === 0xdb8) return "documentation"; //                       2001:db8::/32
  }
  if (w[0] === 0x2002) return "6to4";
  if (w[0] === 0x2620 && w[1] === 0x4f && w[2] === 0x8000) return "as112";
  if (w[0] === 0x3fff && w[1] < 0x1000) return "documentation"; //     3fff::/20
  return "public";
}

/** Strict dotted quad: four decimal octets, no leading zeros, nothing else (no 127.1, 0x7f, 0177). */
function parseIPv4(text: string): number[] | null {
  const m = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/.exec(text);
  if (!m) return null;
  const octets = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return octets.every((o) => o <= 255) ? octets : null;
}

/** Textual IPv6 (validated by node:net first) to eight 16-bit words. */
function parseIPv6(text: string): number[] | null {
  if (!isIPv6(text)) return null;
  let s = text.toLowerCase();
  const lastColon = s.lastIndexOf(":");
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIPv4(tail);
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array<string>(fill).fill("0"), ...rest];
  if (groups.length !== 8) return null;
  const words = groups.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return words.every((x) => Number.isInteger(x)) ? words : null;
}
