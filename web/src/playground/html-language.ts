/**
 * HTML highlighting for pasted pages, with the JSON-LD inside `<script type="application/ld+json">`
 * highlighted as JSON. Built on the HTML grammar itself (@lezer/html) instead of @codemirror/lang-html,
 * which brings the JavaScript and CSS grammars along (about a third of the page's script budget) for
 * script and style bodies the playground never needs to colour.
 */
import { parser, configureNesting } from "@lezer/html";
import { LRLanguage, LanguageSupport, foldNodeProp, indentNodeProp } from "@codemirror/language";
import { jsonLanguage } from "@codemirror/lang-json";

const htmlLanguage = LRLanguage.define({
  name: "html",
  parser: parser.configure({
    props: [
      indentNodeProp.add({
        Element(context) {
          const after = /^(\s*)(<\/)?/.exec(context.textAfter)!;
          if (context.node.to <= context.pos + after[0].length) return context.continue();
          return context.lineIndent(context.node.from) + (after[2] ? 0 : context.unit);
        },
      }),
      foldNodeProp.add({
        Element(node) {
          const first = node.firstChild;
          const last = node.lastChild!;
          if (!first || first.name !== "OpenTag") return null;
          return { from: first.to, to: last.name === "CloseTag" ? last.from : node.to };
        },
      }),
    ],
    wrap: configureNesting([{ tag: "script", attrs: (attrs) => /^(importmap|speculationrules|application\/(.+\+)?json)$/i.test(attrs.type ?? ""), parser: jsonLanguage.parser }]),
  }),
  languageData: { commentTokens: { block: { open: "<!--", close: "-->" } } },
});

export function html(): LanguageSupport {
  return new LanguageSupport(htmlLanguage);
}
