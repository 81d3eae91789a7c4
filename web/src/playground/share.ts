/**
 * Share links: the markup travels in the URL fragment, deflated and base64url-encoded, so nothing is
 * stored on the server and the fragment never reaches it (browsers do not send fragments).
 * Format: #mode=<auto|json|html>&markup=<base64url(deflate-raw(utf-8 text))>
 */
export type ShareMode = "auto" | "json" | "html";

export interface Shared {
  mode: ShareMode;
  markup: string;
}

export async function shareFragment(shared: Shared): Promise<string> {
  const bytes = await pipe(new TextEncoder().encode(shared.markup), new CompressionStream("deflate-raw"));
  return `#${new URLSearchParams({ mode: shared.mode, markup: toBase64Url(bytes) }).toString()}`;
}

/** The shared markup of a fragment, or null when the fragment is not a share link (or is damaged). */
export async function readShareFragment(fragment: string): Promise<Shared | null> {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const encoded = params.get("markup");
  if (encoded === null) return null;
  const mode = params.get("mode");
  try {
    const bytes = await pipe(fromBase64Url(encoded), new DecompressionStream("deflate-raw"));
    return { mode: mode === "json" || mode === "html" ? mode : "auto", markup: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return null;
  }
}

async function pipe(input: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([input as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
