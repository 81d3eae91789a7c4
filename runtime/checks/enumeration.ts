// Enumeration values arrive as a short name, a full Schema.org URL or a compact IRI; the rules
// list short names, so every form is reduced to one before comparison.

const PREFIXES = [
  "https://schema.org/",
  "http://schema.org/",
  "https://www.schema.org/",
  "http://www.schema.org/",
  "schema:",
] as const;

function isAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
}

/**
 * The short member name ("InStock") of `value` given as "InStock", "https://schema.org/InStock"
 * (http or https, with or without www.) or "schema:InStock"; null for anything else. The name
 * is not looked up: whether it belongs to the expected enumeration is the caller's question.
 */
export function enumMember(value: string): string | null {
  if (value.length > MEMO_MAX_LENGTH) return readMember(value);
  let member = memo.get(value);
  if (member === undefined) {
    member = readMember(value);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(value, member);
  }
  return member;
}

/**
 * Answers kept by value: enumeration values repeat (every offer's availability, every event's
 * status), and the kept name is one string whose hash the rule's member set has already seen, where
 * a fresh slice would be hashed again at every look-up. Bounded in entries and in text length.
 */
const memo = new Map<string, string | null>();
const MEMO_LIMIT = 4096;
const MEMO_MAX_LENGTH = 96;

function readMember(value: string): string | null {
  let start = 0;
  const first = value.charCodeAt(0);
  // Only values starting with h or s can carry a prefix, so most short names skip the search.
  if (first === 104 || first === 115) {
    for (const prefix of PREFIXES) {
      if (value.startsWith(prefix)) {
        start = prefix.length;
        break;
      }
    }
  }
  if (start === value.length) return null;
  for (let i = start; i < value.length; i++) {
    if (!isAlphanumeric(value.charCodeAt(i))) return null;
  }
  return start === 0 ? value : value.slice(start);
}

const ANY_PREFIX = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i;

/**
 * Per member list: lower-cased name -> its member (null: two members differ only in case), built once
 * per list; and the answers given so far by value as written (a failing value repeats on every offer
 * and every run). Two maps, so a value is looked up as it is, not as a fresh string with a marker.
 */
interface LowerIndex {
  readonly names: Map<string, string | null>;
  readonly answers: Map<string, string | null>;
}

const lowerIndexes = new WeakMap<object, LowerIndex>();

function lowerIndex(members: Iterable<string>, key: object): LowerIndex {
  let index = lowerIndexes.get(key);
  if (index === undefined) {
    const names = new Map<string, string | null>();
    for (const member of members) {
      const lower = member.toLowerCase();
      names.set(lower, names.has(lower) ? null : member);
    }
    lowerIndexes.set(key, (index = { names, answers: new Map() }));
  }
  return index;
}

/**
 * The full URL of the one member of `members` that `value` names in the wrong case or with a prefix sdv
 * does not read ("instock", "http://schema.org/instock", "HTTPS://SCHEMA.ORG/InStock"), or null: no
 * member, or more than one, matches (the fixer of invalid-enum issues). `key` is the object the member
 * list belongs to (a rule), for the index kept per list.
 */
export function fixEnumMember(value: string, members: Iterable<string>, key: object = members as object): string | null {
  const { names, answers } = lowerIndex(members, key);
  const known = answers.get(value);
  if (known !== undefined) return known;
  const name = value.trim().replace(ANY_PREFIX, "").toLowerCase();
  const found = name === "" ? null : names.get(name);
  const answer = found == null ? null : `https://schema.org/${found}`;
  if (value.length <= MEMO_MAX_LENGTH && answers.size < MEMO_LIMIT) answers.set(value, answer);
  return answer;
}
