import type { IssueCode } from "./issue-codes.ts";

/** A ValidationIssue of the spec, plus the additive fields of DESIGN.md section 5. */
export interface ValidationIssue {
  severity: "error" | "warning";
  property: string;
  message: string;
  fix: string;
  google_docs_url?: string;
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
  /** Additive: index of the JSON-LD block (0-based, page order) the node came from. */
  block: number;
  /** Additive: JSON Pointer of the node inside its block. */
  path: string;
  /** Additive: false for types without a rule set (reported, not checked). */
  checked: boolean;
  features?: FeatureResult[];
}

export interface ValidationSummary {
  total_schemas: number;
  valid_schemas: number;
  invalid_schemas: number;
  total_errors: number;
  total_warnings: number;
  rich_result_eligible: number;
  score: number;
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
}
