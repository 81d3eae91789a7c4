/**
 * The audits page (/dashboard/audits): the account's audits, a form to start one, and for the one chosen
 * its progress while it runs (polled), then its summary (eligible pages per feature, issues by property,
 * worst pages), the trend of eligible pages per feature across runs (an inline SVG chart) and the diff of
 * two runs. The key comes from the dashboard's session (sessionStorage of this tab) and is sent in a header.
 */
import "../dashboard/dashboard.css";
import "./audits.css";
import { ApiCallError } from "../api.ts";
import { currentSession } from "../session.ts";
import { fetchAccount } from "../dashboard/account-api.ts";
import { pageAnnouncer } from "../dashboard/announcer.ts";
import { byId, h } from "../dashboard/dom.ts";
import { count } from "../dashboard/format.ts";
import { auditReport, createAudit, diffRuns, getAudit, listAudits, runAudit, siteOf, type Audit, type Diff, type FeatureReport } from "./audits-api.ts";
import { trendChart } from "./trend-chart.ts";
import { pollInterval } from "./poll-interval.ts";
import { featureReportCharts } from "./feature-report.ts";

const announcer = pageAnnouncer();
const root = byId("audits");
let pollTimer: number | undefined;
let selected: string | null = null;

function failed(err: unknown, what: string): void {
  announcer.error(err instanceof ApiCallError ? `${what}: ${err.message}` : `${what}. Reload the page to try again.`);
}

function start(): void {
  const session = currentSession();
  if (!session) {
    root.replaceChildren(
      h("section", { class: "panel" }, h("h2", {}, "Sign in first"), h("p", {}, "Audits belong to your account. ", h("a", { href: "/dashboard" }, "Sign in on the dashboard"), ", then come back here.")),
    );
    return;
  }
  const key = session.apiKey;
  // The plan's rate decides how often a running audit is looked at (one call, made when the page opens).
  let pollMs = pollInterval(undefined);
  void fetchAccount(key).then(
    (account) => (pollMs = pollInterval(account.rate_limit_per_minute)),
    () => undefined,
  );

  const urlInput = h("input", { id: "audit-url", name: "url", type: "url", required: true, placeholder: "https://www.example.com/", autocomplete: "url" });
  const maxInput = h("input", { id: "audit-max", name: "max_pages", type: "number", min: 1, inputmode: "numeric" });
  const discoverInput = h(
    "select",
    { id: "audit-discover", name: "discover" },
    h("option", { value: "both" }, "Sitemaps and links"),
    h("option", { value: "sitemap" }, "Sitemaps only"),
    h("option", { value: "links" }, "Links only"),
  );
  const scheduleInput = h("select", { id: "audit-schedule", name: "schedule" }, h("option", { value: "" }, "No"), h("option", { value: "daily" }, "Daily"), h("option", { value: "weekly" }, "Weekly"));
  const form = h(
    "form",
    { class: "audit-form", novalidate: true },
    h("label", { for: "audit-url" }, "Site or sitemap URL", urlInput),
    h("label", { for: "audit-max" }, "Pages at most (optional)", maxInput),
    h("label", { for: "audit-discover" }, "Find pages in", discoverInput),
    h("label", { for: "audit-schedule" }, "Run again", scheduleInput),
    h("button", { type: "submit" }, "Start the audit"),
  );
  const listBody = h("tbody");
  const list = h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "data", id: "audit-list" },
      h("caption", {}, "Your audits, newest first"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Site"), h("th", { scope: "col" }, "Status"), h("th", { scope: "col", class: "num" }, "Pages done"), h("th", { scope: "col", class: "num" }, "Credits"), h("th", { scope: "col" }, "Created"))),
      listBody,
    ),
  );
  const detail = h("section", { class: "panel", id: "audit-detail", "aria-labelledby": "detail-heading", hidden: true });
  root.replaceChildren(
    h("section", { class: "panel", "aria-labelledby": "new-heading" }, h("h2", { id: "new-heading" }, "Audit a site"), h("p", { class: "hint" }, "The pages the site's sitemaps list and its links reach from the URL given, within its robots.txt, are validated: one credit per page."), form),
    h("section", { class: "panel", "aria-labelledby": "list-heading" }, h("h2", { id: "list-heading" }, "Audits"), list),
    detail,
  );

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const url = urlInput.value.trim();
    if (!url) {
      announcer.error("Give the site's address, e.g. https://www.example.com/");
      urlInput.focus();
      return;
    }
    const max = maxInput.value.trim();
    announcer.status("Starting the audit…");
    createAudit(key, { url, discover: discoverInput.value, ...(max ? { max_pages: Number(max) } : {}), ...(scheduleInput.value ? { schedule: scheduleInput.value } : {}) }).then(
      (audit) => {
        announcer.status(`Audit of ${siteOf(audit)} started.`);
        refreshList().then(
          () => select(audit.id),
          (err: unknown) => failed(err, "The list of audits could not be refreshed"),
        );
      },
      (err: unknown) => failed(err, "The audit could not be started"),
    );
  });

  async function refreshList(): Promise<void> {
    const { items } = await listAudits(key);
    listBody.replaceChildren(
      ...items.map((audit) =>
        h(
          "tr",
          { "data-audit": audit.id },
          h("td", {}, h("button", { type: "button", class: "link", "data-action": "show", "aria-label": `Show the audit of ${siteOf(audit)}` }, siteOf(audit))),
          h("td", { "data-field": "status" }, audit.status),
          h("td", { class: "num" }, `${count(audit.pages.done)} of ${count(audit.pages.found - audit.pages.skipped)}`),
          h("td", { class: "num" }, count(audit.credits_used)),
          h("td", {}, h("time", { datetime: audit.created_at }, audit.created_at.slice(0, 16).replace("T", " "))),
        ),
      ),
    );
    if (items.length === 0) listBody.replaceChildren(h("tr", {}, h("td", { colspan: 5 }, "No audit yet.")));
    for (const button of listBody.querySelectorAll<HTMLButtonElement>("button[data-action=show]")) {
      button.addEventListener("click", () => void select(button.closest("tr")!.dataset.audit!));
    }
  }

  let reportCache: { key: string; report: Promise<FeatureReport> } | null = null;

  async function select(id: string): Promise<void> {
    window.clearTimeout(pollTimer);
    const first = selected !== id;
    selected = id;
    let audit: Audit;
    try {
      audit = await getAudit(key, id);
    } catch (err) {
      // Over the minute's requests (the user's own calls count too): look again when the service says, quietly.
      if (err instanceof ApiCallError && err.status === 429 && err.code === "rate_limit_exceeded") {
        const wait = ((err.body.retry_after_seconds ?? 10) + 1) * 1000;
        pollTimer = window.setTimeout(() => void select(id), Math.max(wait, pollMs));
        return;
      }
      return failed(err, "The audit could not be loaded");
    }
    if (selected !== id) return;
    renderDetail(audit);
    detail.hidden = false;
    if (first) byId("detail-heading").focus();
    if (audit.status === "queued" || audit.status === "running") {
      pollTimer = window.setTimeout(() => void select(id), pollMs);
    } else if (!first) {
      announcer.status(`The audit of ${siteOf(audit)} is ${audit.status}.`);
      refreshList().catch((err) => failed(err, "The list of audits could not be refreshed"));
    }
  }

  function renderDetail(audit: Audit): void {
    const p = audit.pages;
    const settled = p.done + p.failed + p.skipped;
    const running = audit.status === "queued" || audit.status === "running";
    const again = h("button", { type: "button", disabled: running }, "Run again now");
    again.addEventListener("click", () => {
      runAudit(key, audit.id).then(
        () => {
          announcer.status("A new run started.");
          void select(audit.id);
        },
        (err: unknown) => failed(err, "The audit could not be run again"),
      );
    });
    const runs = audit.runs ?? [];
    detail.replaceChildren(
      h("h2", { id: "detail-heading", tabindex: -1 }, `Audit of ${siteOf(audit)}`),
      h(
        "div",
        { class: "progress-line" },
        h("span", { "data-field": "detail-status" }, `Status: ${audit.status}`),
        h("progress", { max: Math.max(1, p.found), value: settled, "aria-label": "Pages checked" }),
        h("span", { "data-field": "progress" }, `${count(settled)} of ${count(p.found)} pages checked: ${count(p.done)} validated, ${count(p.failed)} failed, ${count(p.skipped)} skipped`),
        again,
      ),
      h("p", { class: "hint", "data-field": "reason", hidden: !audit.reason }, audit.reason ?? ""),
      h("p", {}, `Credits used: ${count(audit.credits_used)}.`),
      h(
        "div",
        { class: "cards" },
        h("div", {}, h("h3", {}, "Eligible pages per feature"), featureTable(audit)),
        h("div", {}, h("h3", {}, "Worst pages"), worstList(audit)),
      ),
      h("h3", {}, "Issues by property"),
      issuesTable(audit),
      h("h3", {}, "Trend"),
      trendChart(runs),
      h("h3", {}, "Pages per feature, by run"),
      reportBox(audit),
      h("h3", {}, "Compare two runs"),
      compareForm(audit),
    );
  }

  /**
   * Filled when the report arrives. It reads every finished run's pages, so it is asked for again only
   * when the audit's finished runs change, not at every poll of a running audit.
   */
  function reportBox(audit: Audit): HTMLElement {
    const box = h("div", { "data-field": "report-box" }, h("p", { class: "hint" }, "Loading the report…"));
    const finished = (audit.runs ?? []).filter((r) => r.status === "done" || r.status === "stopped").map((r) => r.id).join(",");
    const cacheKey = `${audit.id}:${finished}`;
    if (reportCache?.key !== cacheKey) reportCache = { key: cacheKey, report: auditReport(key, audit.id) };
    reportCache.report.then(
      (report) => box.replaceChildren(featureReportCharts(report)),
      (err: unknown) => {
        reportCache = null;
        failed(err, "The report could not be loaded");
      },
    );
    return box;
  }

  function featureTable(audit: Audit): HTMLElement {
    const rows = Object.entries(audit.eligible ?? {});
    if (rows.length === 0) return h("p", { class: "hint" }, "No page is eligible for a rich result yet.");
    return h(
      "table",
      { class: "data", "data-field": "eligible" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Feature"), h("th", { scope: "col", class: "num" }, "Pages"))),
      h("tbody", {}, ...rows.map(([feature, n]) => h("tr", {}, h("th", { scope: "row" }, feature), h("td", { class: "num" }, count(n))))),
    );
  }

  function worstList(audit: Audit): HTMLElement {
    const worst = audit.worst_pages ?? [];
    if (worst.length === 0) return h("p", { class: "hint" }, "No page validated yet.");
    return h("ol", { "data-field": "worst" }, ...worst.map((w) => h("li", {}, `${w.url}: score ${w.score}, ${w.errors} error${w.errors === 1 ? "" : "s"}`)));
  }

  function issuesTable(audit: Audit): HTMLElement {
    const issues = audit.issues ?? [];
    if (issues.length === 0) return h("p", { class: "hint" }, "No issue found.");
    return h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "data", "data-field": "issues" },
        h("thead", {}, h("tr", {}, ...["Type", "Property", "Issue", "Severity"].map((c) => h("th", { scope: "col" }, c)), h("th", { scope: "col", class: "num" }, "Pages"))),
        h("tbody", {}, ...issues.map((i) => h("tr", {}, h("td", {}, i.type), h("td", {}, i.property), h("td", {}, i.code), h("td", {}, i.severity), h("td", { class: "num" }, count(i.pages))))),
      ),
    );
  }

  function compareForm(audit: Audit): HTMLElement {
    const finished = (audit.runs ?? []).filter((r) => r.status === "done" || r.status === "stopped");
    if (finished.length < 2) return h("p", { class: "hint" }, "Two finished runs are needed to compare.");
    const label = (r: (typeof finished)[number], i: number) => `#${finished.length - i} ${r.created_at.slice(0, 16).replace("T", " ")} (${r.status})`;
    const after = h("select", { id: "diff-after" }, ...finished.map((r, i) => h("option", { value: r.id }, label(r, i))));
    const before = h("select", { id: "diff-before" }, ...finished.map((r, i) => h("option", { value: r.id, selected: i === 1 }, label(r, i))));
    const out = h("div", { "data-field": "diff", "aria-live": "polite" });
    const button = h("button", { type: "button" }, "Compare");
    button.addEventListener("click", () => {
      diffRuns(key, audit.id, after.value, before.value).then(
        (diff) => out.replaceChildren(renderDiff(diff)),
        (err: unknown) => failed(err, "The runs could not be compared"),
      );
    });
    return h("div", {}, h("div", { class: "compare" }, h("label", { for: "diff-before" }, "Before", before), h("label", { for: "diff-after" }, "After", after), button), out);
  }

  function renderDiff({ diff }: Diff): HTMLElement {
    const t = diff.totals;
    const features = diff.features.filter((f) => f.gained.length > 0 || f.lost.length > 0);
    const issueList = (title: string, items: Diff["diff"]["errors"]["new"]) =>
      items.length === 0
        ? h("p", {}, `${title}: none.`)
        : h("div", {}, h("p", {}, `${title}:`), h("ul", {}, ...items.map((e) => h("li", {}, `${e.type} ${e.property ?? "(page)"} (${e.code}) on ${e.pages.length} page${e.pages.length === 1 ? "" : "s"}`))));
    return h(
      "div",
      {},
      h("p", { "data-field": "diff-totals" }, `${count(t.pages_lost)} page${t.pages_lost === 1 ? "" : "s"} lost eligibility, ${count(t.pages_gained)} gained it; ${count(t.new_errors)} new error${t.new_errors === 1 ? "" : "s"}, ${count(t.fixed_errors)} fixed.`),
      features.length === 0
        ? h("p", {}, "No change of eligibility.")
        : h(
            "table",
            { class: "data" },
            h("caption", {}, "Eligibility changes per feature"),
            h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Feature"), h("th", { scope: "col", class: "num" }, "Pages gained"), h("th", { scope: "col", class: "num" }, "Pages lost"))),
            h("tbody", {}, ...features.map((f) => h("tr", {}, h("th", { scope: "row" }, f.feature), h("td", { class: "num" }, String(f.gained.length)), h("td", { class: "num" }, String(f.lost.length))))),
          ),
      issueList("New errors", diff.errors.new),
      issueList("Fixed errors", diff.errors.fixed),
    );
  }

  refreshList().then(
    () => {
      const first = listBody.querySelector<HTMLElement>("tr[data-audit]");
      if (first) void select(first.dataset.audit!);
    },
    (err: unknown) => failed(err, "Your audits could not be loaded"),
  );
}

start();
