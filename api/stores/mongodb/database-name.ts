/** The database named in a MongoDB URL's path, if any ("mongodb://h/sdv?x=1" -> "sdv"): both MongoDB stores open that one. */
export function dbNameInUrl(url: string): string | undefined {
  const afterScheme = url.replace(/^mongodb(\+srv)?:\/\//, "");
  const slash = afterScheme.indexOf("/");
  if (slash < 0) return undefined;
  const name = decodeURIComponent(afterScheme.slice(slash + 1).split("?")[0] ?? "");
  return name === "" ? undefined : name;
}
