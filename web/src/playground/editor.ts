/**
 * The CodeMirror editor: JSON or HTML highlighting, the issues as lint diagnostics in the gutter, and
 * moving the selection to an issue's line and column.
 *
 * It lives in a shadow root on purpose: CodeMirror's style modules use constructable stylesheets only
 * in a shadow root; mounted in the document they write a <style> element, which the pages' CSP
 * (style-src 'self', nothing inline) blocks. So its look is given here as a theme, not in the page CSS.
 */
import { EditorView, basicSetup } from "codemirror";
import { Compartment, EditorState, type Text } from "@codemirror/state";
import { json } from "@codemirror/lang-json";
import { html } from "./html-language.ts";
import { placeholder } from "@codemirror/view";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import type { MarkupFormat } from "./engine.ts";

export interface Located {
  line: number;
  column: number;
  severity: "error" | "warning";
  message: string;
}

export interface MarkupEditor {
  view: EditorView;
  text(): string;
  setText(text: string): void;
  setFormat(format: MarkupFormat): void;
  showIssues(issues: Located[]): void;
  /** Selects from the line and column to the end of that line, scrolls there and focuses the editor. */
  select(line: number, column: number): void;
}

// The editor keeps a light scheme in both page schemes: the highlight colours are chosen for white.
const theme = EditorView.theme({
  "&": { height: "clamp(18rem, 60vh, 48rem)", fontSize: "0.9rem", backgroundColor: "#ffffff", color: "#1b1f24" },
  "&.cm-focused": { outline: "3px solid #0b57d0", outlineOffset: "-3px" },
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
  ".cm-gutters": { backgroundColor: "#f6f8fa", color: "#57606a", borderRightColor: "#d0d7de" },
  ".cm-placeholder": { color: "#57606a" },
});

export function createEditor(host: HTMLElement, options: { label: string; onChange: () => void }): MarkupEditor {
  const root = host.attachShadow({ mode: "open" });
  const language = new Compartment();
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        language.of(json()),
        lintGutter(),
        placeholder("Paste JSON-LD or a whole HTML page here"),
        EditorView.lineWrapping,
        theme,
        // aria-describedby cannot reach the page's help text across the shadow boundary; the label says enough.
        // tabindex: the scroller around it then holds a focusable element by every checker's reading (axe counts no contenteditable).
        EditorView.contentAttributes.of({ "aria-label": options.label, tabindex: "0" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange();
        }),
      ],
    }),
  });
  let format: MarkupFormat = "json";
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setFormat(next) {
      if (next === format) return;
      format = next;
      view.dispatch({ effects: language.reconfigure(next === "json" ? json() : html()) });
    },
    showIssues(issues) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = issues.map((issue) => {
        const { from, to } = span(doc, issue.line, issue.column);
        return { from, to, severity: issue.severity, message: issue.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    select(line, column) {
      const { from, to } = span(view.state.doc, line, column);
      view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      view.focus();
    },
  };
}

/** The issue's place to the end of its line (at least one character), clamped to the document. */
function span(doc: Text, line: number, column: number): { from: number; to: number } {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  const from = Math.min(l.from + Math.max(column, 1) - 1, l.to);
  const to = Math.max(l.to, Math.min(from + 1, doc.length));
  return { from, to };
}
