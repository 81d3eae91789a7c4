/**
 * Stage 3: opt-in triggers and features. Each feature is checked like the top level (stage 2)
 * and normalized with its triggers and retirement.
 */
import type { IrFeature } from "../ir.ts";
import type { FileChecker, Path, Raw } from "./context.ts";
import { checkNode } from "./properties.ts";

/** Each trigger is a property name or dotted path; its first segment must apply to the node's type. */
export function checkTriggers(c: FileChecker, optIn: Raw | undefined, nodeType: string, path: Path): void {
  (optIn?.triggers ?? []).forEach((trigger: string, ti: number) => {
    // The schema's pattern allows a value (!=true) only after a single property name.
    const [dotted, type] = trigger.split("!=")[0].split("@");
    dotted.split(".").forEach((segment, si) => c.checkPropertyName(segment, si === 0 ? nodeType : null, [...path, "triggers", ti]));
    if (type !== undefined && !c.vocabulary.isType(type)) c.report("unknown-type", [...path, "triggers", ti], `"${type}" is not a Schema.org 29.4 type`);
  });
}

/** link_only's properties must apply to the node's type, and the link is not one of the ties. */
export function checkLinkOnly(c: FileChecker, linkOnly: Raw, nodeType: string): void {
  c.checkPropertyName(linkOnly.link, nodeType, ["link_only", "link"]);
  (linkOnly.with ?? []).forEach((name: string, i: number) => {
    c.checkPropertyName(name, nodeType, ["link_only", "with", i]);
    if (name === linkOnly.link) c.report("duplicate", ["link_only", "with", i], `"${name}" is the link itself`);
  });
}

/** An enhancement's path names properties of the node's type (its first segment) and of the vocabulary. */
export function checkEnhancements(c: FileChecker, enhancements: Array<{ property: string }> | undefined, nodeType: string, path: Path): void {
  (enhancements ?? []).forEach((e, ei) => {
    e.property.split(".").forEach((segment, si) => c.checkPropertyName(segment, si === 0 ? nodeType : null, [...path, ei, "property"]));
  });
}

export function checkFeatures(c: FileChecker, raw: Raw, nodeType: string | null, ruleType: string): IrFeature[] {
  const featureIds = new Set<string>();
  // A feature whose own keys failed the schema is left out (null) and checks nothing.
  return (raw.features ?? []).flatMap((f: Raw | null, i: number): IrFeature[] => {
    if (!f) return [];
    if (featureIds.has(f.id)) c.report("duplicate", ["features", i, "id"], `feature id "${f.id}" is used twice`);
    featureIds.add(f.id);
    if (nodeType) checkTriggers(c, f.opt_in, nodeType, ["features", i, "opt_in"]);
    if (nodeType) checkEnhancements(c, f.enhancements, nodeType, ["features", i, "enhancements"]);
    return [{
      id: f.id,
      name: f.name,
      googleDocsUrl: f.google_docs_url,
      triggers: f.opt_in?.triggers ?? [],
      binding: f.opt_in?.binding === true,
      retired: f.retired ?? null,
      enhancements: f.enhancements ?? [],
      rules: checkNode(c, f, nodeType, ["features", i], "", `${ruleType}__${f.id.replace(/-/g, "_")}`),
    }];
  });
}
