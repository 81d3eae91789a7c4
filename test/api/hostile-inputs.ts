/**
 * The hostile inputs of issue 7, built in memory (the tests, the child-process soak and `npm run bench`
 * share them): each once took seconds of event loop or a body of tens of MiB.
 */
import zlib from "node:zlib";

/** One Event node with 30,000 made-up properties (~311 KiB as JSON). */
export function manyPropertiesNode(count = 30_000): Record<string, unknown> {
  const node: Record<string, unknown> = { "@context": "https://schema.org", "@type": "Event" };
  for (let i = 0; i < count; i++) node[`p${i}`] = 1;
  return node;
}

/** {"@type":"Event"} x 20,000 (~352 KiB as a {jsonld} body). */
export function manyNodes(count = 20_000): Array<Record<string, unknown>> {
  return Array.from({ length: count }, () => ({ "@type": "Event" }));
}

const EVENT_SCRIPT = '<script type="application/ld+json">{"@type":"Event"}</script>';

/** A page of `blocks` one-line Event blocks (10,000: ~596 KiB; 85,000: ~5.19 MB). */
export function manyBlocksPage(blocks: number): string {
  return `<!doctype html><html><head><title>many</title></head><body>${EVENT_SCRIPT.repeat(blocks)}</body></html>`;
}

/** The 85,000-block page gzipped (~15 KiB on the wire, 5.19 MB decoded). */
export function amplificationPageGzip(): Buffer {
  return zlib.gzipSync(manyBlocksPage(85_000), { level: 9 });
}
