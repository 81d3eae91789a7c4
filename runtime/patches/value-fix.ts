/**
 * The fixers of values that failed their rule: the rule's value check (its `fix`, next to its test in
 * runtime/checks/), its enumeration (runtime/checks/enumeration.ts), a Boolean written as text, and a
 * nested object's misspelt @type. A fix is kept only when the fixed value passes the check that failed.
 */
import { fixEnumMember } from "../checks/enumeration.ts";
import { currencyCode, signMayStandFor } from "../checks/iso4217.ts";
import { escapePointer, isObject } from "../json.ts";
import type { PropertyRule } from "../rule-runtime.ts";
import type { FixedValue, ValueCheck } from "../checks/value-check.ts";
import type { JsonPatchOperation, ValidationIssue } from "../types.ts";
import { holderAt, lastMemberOf, parentPointer } from "./pointer.ts";
import { typePatch } from "./type-fix.ts";
import { FAILED_VALUE, type IssueWithRule } from "./failed-rule.ts";

const BOOLEAN_TEXT = /^\s*(true|false)\s*$/i;

export function valuePatch(issue: ValidationIssue, rule: PropertyRule, root: unknown): JsonPatchOperation[] | null {
  // The failed literal, when the check noted it, is asked for a fix first: without one there is no patch,
  // and the block is not walked. With one, the patch is made from the value the block holds at the path.
  const noted = (issue as IssueWithRule)[FAILED_VALUE];
  if (noted !== undefined && !mayHaveFix(issue.code, noted, rule)) return null;
  // The value's holder is walked to once: a price's fix reads its sibling priceCurrency there.
  const holder = holderAt(root, issue.path);
  const value = lastMemberOf(holder, issue.path);
  if (value === undefined) return null;
  switch (issue.code) {
    case "invalid-enum":
      return typeof value === "string" ? enumPatch(issue.path, value, rule) : null;
    case "invalid-format":
      return formatPatch(issue.path, value, rule, holder);
    case "wrong-type":
      if (isObject(value)) return typePatch(`${issue.path}/@type`, value["@type"], (name) => rule.expect.some((e) => e.kind === "class" && e.accepts.has(name)));
      return typeof value === "string" ? booleanPatch(issue.path, value, rule) : null;
    default:
      return null;
  }
}

/**
 * Whether a failed literal may have a fix (FAILED_VALUE): a member its enumeration's fixer finds, or a
 * format whose fixer gives a passing value (both remembered per value). Only a "no" is acted on.
 */
function mayHaveFix(code: string, value: unknown, rule: PropertyRule): boolean {
  if (code === "invalid-enum") return typeof value === "string" && enumFix(value, rule) !== null;
  if (code === "invalid-format") return formatFix(value, rule) !== null;
  return true;
}

const replace = (path: string, from: unknown, to: unknown): JsonPatchOperation[] => [
  { op: "test", path, value: from },
  { op: "replace", path, value: to },
];

function enumPatch(path: string, value: string, rule: PropertyRule): JsonPatchOperation[] | null {
  const fixed = enumFix(value, rule);
  return fixed === null ? null : replace(path, value, fixed);
}

/** The member a misspelt or mis-cased enumeration value stands for, or null (none, or the value itself). */
function enumFix(value: string, rule: PropertyRule): string | null {
  // Members of the rule's list when it has one, else of the enumerations it expects (indexed once per rule).
  const members: Iterable<string> = rule.values ?? enumMembers(rule);
  const fixed = fixEnumMember(value, members, rule);
  return fixed === value ? null : fixed;
}

/** The format check's fix of a literal that passes the check, or null. */
function formatFix(value: unknown, rule: PropertyRule): FixedValue | null {
  const check = rule.format;
  if (!check?.fix || (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")) return null;
  return fixFor(check as ValueCheck & { fix: NonNullable<ValueCheck["fix"]> }, value);
}

function* enumMembers(rule: PropertyRule): Iterable<string> {
  for (const e of rule.expect) if (e.kind === "enum") yield* e.members;
}

/**
 * Fixes by check and value: values repeat (every offer of a list has the same currency sign), and a value
 * that has no fix is asked again at every validation. Bounded as enumMember's memo is.
 */
const fixes = new Map<ValueCheck, Map<string | number | boolean, FixedValue | null>>();
const FIX_MEMO_LIMIT = 4096;
const FIX_MEMO_MAX_LENGTH = 96;

function fixFor(check: ValueCheck & { fix: NonNullable<ValueCheck["fix"]> }, value: string | number | boolean): FixedValue | null {
  if (typeof value === "string" && value.length > FIX_MEMO_MAX_LENGTH) return checkedFix(check, value);
  let memo = fixes.get(check);
  if (memo === undefined) fixes.set(check, (memo = new Map()));
  let fixed = memo.get(value);
  if (fixed === undefined) {
    fixed = checkedFix(check, value);
    if (memo.size >= FIX_MEMO_LIMIT) memo.clear();
    memo.set(value, fixed);
  }
  return fixed;
}

/** The fix, kept only when the fixed value passes the check. */
function checkedFix(check: ValueCheck & { fix: NonNullable<ValueCheck["fix"]> }, value: string | number | boolean): FixedValue | null {
  const fixed = check.fix(value);
  return fixed === null || fixed.value === value || check.test(fixed.value) !== null ? null : fixed;
}

function booleanPatch(path: string, value: string, rule: PropertyRule): JsonPatchOperation[] | null {
  const match = BOOLEAN_TEXT.exec(value);
  if (!match || !rule.expect.some((e) => e.kind === "literal" && e.literal === "boolean")) return null;
  return replace(path, value, match[1].toLowerCase() === "true");
}

function formatPatch(path: string, value: unknown, rule: PropertyRule, node: unknown): JsonPatchOperation[] | null {
  const fixed = formatFix(value, rule);
  if (fixed === null) return null;
  const patch = replace(path, value, fixed.value);
  if (fixed.currencyWritten === undefined) return patch;
  // The price named its currency: it must agree with priceCurrency (beside it, in `node`), or be the one to add.
  if (!isObject(node)) return null;
  const key = node.priceCurrency === undefined && node.currency !== undefined ? "currency" : "priceCurrency";
  const given = node[key];
  if (given === undefined) {
    if (fixed.currency === undefined) return patch;
    return [...patch, { op: "add", path: `${parentPointer(path)}/${escapePointer(key)}`, value: fixed.currency }];
  }
  // Never a price moved into another currency: "19,99 €" stays unfixed beside "priceCurrency": "HRK".
  return typeof given === "string" && signAgrees(fixed.currencyWritten, given) ? patch : null;
}

/** Whether a price's sign and its priceCurrency agree, remembered by sign and currency (they repeat on every offer). */
const agreements = new Map<string, Map<string, boolean>>();
let remembered = 0;

function signAgrees(sign: string, given: string): boolean {
  let bySign = agreements.get(sign);
  let agrees = bySign?.get(given);
  if (agrees === undefined) {
    const code = currencyCode(given);
    agrees = code !== null && signMayStandFor(sign, code);
    if (remembered >= FIX_MEMO_LIMIT) {
      agreements.clear();
      remembered = 0;
      bySign = undefined;
    }
    if (sign.length + given.length <= FIX_MEMO_MAX_LENGTH) {
      if (bySign === undefined) agreements.set(sign, (bySign = new Map()));
      bySign.set(given, agrees);
      remembered++;
    }
  }
  return agrees;
}
