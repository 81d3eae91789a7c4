// Loader hook (runs on the loader thread): reports every module URL the ESM loader resolves.
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage(result.url);
  return result;
}
