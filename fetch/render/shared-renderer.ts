/**
 * One renderer per process for the library and the CLI, configured from the environment (CHROMIUM_PATH,
 * RENDER_*), started on the first render. Its browser keeps the process alive: close it when done.
 */
import { readRenderConfig } from "./config.ts";
import { Renderer } from "./renderer.ts";

let shared: Renderer | null = null;

export function sharedRenderer(): Renderer {
  shared ??= new Renderer(readRenderConfig(process.env));
  return shared;
}

/** Stops the shared browser (if one was started); the next render starts another. */
export async function closeSharedRenderer(): Promise<void> {
  const renderer = shared;
  shared = null;
  await renderer?.close();
}
