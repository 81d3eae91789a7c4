import { show } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

// UN/CEFACT Common Code: two or three upper-case letters or digits ("DAY", "MTK", "C62"). The
// codes are case-sensitive ("d" is no Common Code, but Search Central accepts it for days, hence
// the `allowed` option: a rule lists exactly what its page accepts).
const COMMON_CODE = /^[A-Z0-9]{2,3}$/;

export const unitCode: ValueCheck = {
  options: { allowed: { kind: "text-list", description: 'the codes the property takes, exactly (shipping times: [DAY, d])' } },
  configure(options) {
    const allowed = new Set(options.allowed as string[]);
    const list = [...allowed].map((c) => JSON.stringify(c)).join(" or ");
    return {
      name: this.name,
      description: `unit code ${list}`,
      test(value) {
        if (typeof value === "string" && allowed.has(value)) return null;
        if (typeof value === "string" && allowed.has(value.trim())) return "remove the spaces around the value";
        return `expected the unit code ${list} (exactly, case-sensitive), not ${show(value)}`;
      },
    };
  },
  name: "unit-code",
  description: 'UN/CEFACT Common Code of a unit, e.g. "DAY", "MTK" or "KGM"',
  test(value) {
    if (typeof value !== "string") return `expected a UN/CEFACT unit code as text, e.g. "DAY", not ${show(value)}`;
    if (COMMON_CODE.test(value)) return null;
    if (COMMON_CODE.test(value.trim())) return "remove the spaces around the value";
    if (COMMON_CODE.test(value.toUpperCase())) return `unit codes are upper case: ${JSON.stringify(value.toUpperCase())}`;
    return `expected a UN/CEFACT Common Code of two or three letters or digits, e.g. "DAY", not ${show(value)}`;
  },
};
