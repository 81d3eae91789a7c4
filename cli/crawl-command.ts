export async function runCrawl(_args: string[]): Promise<number> { console.error("sdv crawl: not built yet"); return 2; }
