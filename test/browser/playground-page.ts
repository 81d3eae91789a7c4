/**
 * Driving the playground's page: paste into its editor (CodeMirror in a shadow root, so a real paste
 * event rather than typing) and wait for the validation to land. Shared by the playground tests and the
 * README's screenshots (screenshots.ts).
 */
import type { Page } from "playwright-core";

/** Pastes text into the editor as a clipboard paste would. */
export async function paste(page: Page, text: string): Promise<void> {
  const content = page.locator(".cm-content");
  await content.click();
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The results' live status once a validation has landed ("N node(s): ..."). */
export async function resultStatus(page: Page): Promise<string> {
  const status = page.locator("#pg-status");
  await page.waitForFunction(() => /\d+ nodes?:|No structured data/.test(document.getElementById("pg-status")?.textContent ?? ""));
  return (await status.textContent()) ?? "";
}
