/** The shape check: the rule-language JSON Schema (compiler/rule-file-schema.ts) through ajv, every error with its place. */
import AjvModule, { type ErrorObject, type ValidateFunction } from "ajv";
import type { Diagnostic } from "./diagnostics.ts";
import type { LoadedFile } from "./load.ts";
import { didYouMean } from "./did-you-mean.ts";
import { RULE_FILE_SCHEMA } from "./rule-file-schema.ts";

const Ajv = AjvModule.default ?? AjvModule;
const schema = RULE_FILE_SCHEMA;
// verbose: errors carry their schema, so an unknown key can be matched against the known ones.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
const validateShape = ajv.compile(schema);
const validateShapeFile = ajv.getSchema(`${schema.$id}#/definitions/shapeFile`)!;

const pointerToPath = (pointer: string): string[] =>
  pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));

function describe(error: ErrorObject): { message: string; extraKey?: string } {
  const where = error.instancePath ? `"${pointerToPath(error.instancePath).join(".")}"` : "the file";
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(error.params.additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return { message: `unknown key "${key}" in ${where}${didYouMean(key, known)}`, extraKey: key };
    }
    case "required":
      return { message: `${where} is missing the required key "${error.params.missingProperty}"` };
    case "enum":
      return { message: `${where} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` };
    case "pattern":
      return { message: `${where} does not match the expected form ${error.params.pattern}` };
    case "propertyNames":
      return { message: `${where} has a property name that is not a Schema.org property name` };
    default:
      return { message: `${where} ${error.message ?? "is invalid"}` };
  }
}

/**
 * ajv reports a failing `oneOf` and then every branch's own failures; the branch errors are the
 * useful ones, so the umbrella `oneOf` error is dropped when more precise errors exist.
 */
export function checkShape(file: LoadedFile): Diagnostic[] {
  return shapeProblems(file, validateShape).diagnostics;
}

/** A shared shape file (rules-src/shapes/) against the schema's shapeFile definition. */
export function checkShapeFile(file: LoadedFile): Diagnostic[] {
  return shapeProblems(file, validateShapeFile).diagnostics;
}

/** The diagnostics and, for each, the data path it is about (for checking the rest of the file). */
export function shapeProblems(file: LoadedFile, validate: ValidateFunction = validateShape): { diagnostics: Diagnostic[]; paths: string[][] } {
  if (validate(file.data)) return { diagnostics: [], paths: [] };
  const errors = validate.errors ?? [];
  const precise = errors.filter((e) => e.keyword !== "oneOf" && e.keyword !== "if");
  const chosen = precise.length ? precise : errors;
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  const paths: string[][] = [];
  for (const error of chosen) {
    const { message, extraKey } = describe(error);
    const path = pointerToPath(error.instancePath);
    paths.push(extraKey ? [...path, extraKey] : path);
    const pos = extraKey ? file.locate([...path, extraKey], true) : file.locate(path);
    const text = `${message}`;
    const key = `${pos.line}:${pos.column}:${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file: file.file, line: pos.line, column: pos.column, code: "shape", message: text });
  }
  return { diagnostics: out, paths };
}
