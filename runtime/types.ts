import type { IssueCode } from "./issue-codes.ts";
import type { LimitsReport, SchemaOmitted } from "./limits.ts";

/** A ValidationIssue of the spec, plus the additive fields of DESIGN.md section 5. */
export interface ValidationIssue {
  severity: "error" | "warning";
  property: string;
  message: string;
  fix: string;
  google_docs_url?: string;
  /**
   * The rule on sdv's own rule page (additive): site-relative from the engine
   * (`/rules/Event#startDate`), absolute in API answers. Absent when no rule of the type's page
   * raised the issue (vocabulary findings, @context, broken blocks).
   */
  rule_url?: string;
  /**
   * A missing one-of group (code missing-one-of): every member, `property` being the first (the
   * one the documentation leads with). Additive to the spec.
   */
  one_of?: string[];
  code: IssueCode;
  /** JSON Pointer into the block. */
  path: string;
  line?: number;
  column?: number;
}

export interface RichResult {
  eligible: boolean;
  reason: string;
  google_docs_url: string;
}

/** Eligibility of one rich-result feature fed by the node (additive to the spec). */
export interface FeatureResult {
  feature: string;
  name: string;
  eligible: boolean;
  reason: string;
  google_docs_url: string;
  missing: string[];
}

export interface SchemaResult {
  type: string;
  valid: boolean;
  rich_result_eligible: boolean;
  deprecated: boolean;
  deprecation_note: string | null;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  properties_found: string[];
  properties_missing_required: string[];
  properties_missing_recommended: string[];
  rich_result: RichResult;
  /** Additive: the @type as written when it was normalized to a parent (NewsArticle -> Article). */
  matched_type?: string;
  /** Additive: the node's own @id as written, when it has one (up to 2048 characters). */
  id?: string;
  /** Additive: index of the JSON-LD block (0-based, page order) the node came from. */
  block: number;
  /** Additive: JSON Pointer of the node inside its block. */
  path: string;
  /** Additive: false for types without a rule set (reported, not checked). */
  checked: boolean;
  features?: FeatureResult[];
  /** Additive: the syntax the node was written in (`block` then counts JSON-LD blocks, then one block per other syntax). */
  syntax?: "json-ld" | "microdata" | "rdfa";
  /** Additive: this node's share of the summary score, 0..100 (runtime/score.ts). */
  score?: number;
  /** Additive: what the lists leave out at the caps (runtime/limits.ts); present only when something was. */
  omitted?: SchemaOmitted;
  /**
   * Additive, rendered validations only (runtime/rendering.ts): the node was in the server's HTML, only
   * JavaScript added it, or JavaScript changed it (then `changed_properties` says where).
   */
  rendering?: "in-html" | "added-by-javascript" | "changed-by-javascript";
  /** Additive: the properties JavaScript added, removed or changed, as dotted paths (`offers.price`). */
  changed_properties?: string[];
  /** Additive: what sdv could not check on this node and why (not issues: nothing was found wrong). */
  notes?: string[];
}

/** Nodes of a rendered validation by where they come from; `removed_by_javascript`: raw nodes gone after scripts ran. */
export interface RenderingSummary {
  in_html: number;
  added_by_javascript: number;
  changed_by_javascript: number;
  removed_by_javascript: number;
}

export interface ValidationSummary {
  total_schemas: number;
  valid_schemas: number;
  invalid_schemas: number;
  total_errors: number;
  total_warnings: number;
  rich_result_eligible: number;
  score: number;
  /** Additive: present on rendered validations only. */
  rendering?: RenderingSummary;
}

/** A script block as found in a page (or the one block of a raw submission). */
export interface SourceBlock {
  text: string;
  /** Offset of text[0] in the page. */
  offset: number;
  /** 1-based line and column of text[0] in the page. */
  line: number;
  column: number;
}

export interface EngineResult {
  schemas: SchemaResult[];
  summary: ValidationSummary;
  /** Blocks found (parsed or not). */
  blocks_found: number;
  /** Blocks that failed to parse. */
  blocks_unparsable: number;
  /** What the caps left out (runtime/limits.ts); present only when a cap was reached. */
  limits?: LimitsReport;
}
