import { test } from "uvu";
import { absoluteUrl } from "../../../runtime/checks/absolute-url.ts";
import { checkTable } from "./_table.ts";

checkTable(absoluteUrl, [
  ["https://example.com", true],
  ["https://example.com/", true],
  ["http://example.com/page?x=1&y=2#top", true],
  ["https://www.example.co.uk/a/b/c.html", true],
  ["https://example.com:8443/path", true],
  ["https://user:pass@example.com/", true],
  ["HTTPS://EXAMPLE.COM/Page", true], // the scheme is case-insensitive
  ["https://example.com/a%20b", true],
  ["https://例え.jp/パス", true],
  ["https://xn--r8jz45g.jp/", true],
  ["https://192.168.0.1/", true],
  ["https://[::1]/", true],
  ["https://localhost/", true],
  // whitespace
  ["https://example.com/a b", false, "encode spaces as %20"],
  ["books page", false, "a phrase, not a URL"],
  [" our logo ", false, "a phrase, not a URL"],
  ["example.com/a b", false, "encode spaces as %20"],
  ["https://exa mple.com", false, "whitespace"],
  ["https://example.com/\tx", false, "whitespace"],
  ["https://example.com/\nx", false, "whitespace"],
  [" https://example.com", false, "remove the spaces around the URL"],
  ["https://example.com ", false, "remove the spaces around the URL"],
  // other schemes
  ["javascript:alert(1)", false, "not javascript:"],
  ["JavaScript:alert(1)", false, "not javascript:"],
  ["ftp://example.com/file", false, "only http and https"],
  ["mailto:info@example.com", false, "not mailto:"],
  ["tel:+15551234567", false, "not tel:"],
  ["data:text/html,hi", false, "not data:"],
  ["file:///etc/hosts", false, "not file:"],
  // not absolute
  ["/page", false, "relative URL"],
  ["page.html", false, "relative URL"],
  ["../page", false, "relative URL"],
  ["?q=1", false, "relative URL"],
  ["#top", false, "relative URL"],
  ["//example.com/page", false, "add https:"],
  ["https//www.example.com/provider", false, 'the colon after "https" is missing'],
  ["http//example.com", false, 'the colon after "http" is missing'],
  ["https/page", false, "relative URL"],
  ["www.example.com", false, "add https://"],
  ["example.com/page", false, "add https://"],
  ["www.example.com:8080/x", false, "add https://"],
  // malformed http(s)
  ["https://", false, "no host"],
  ["https:///example.com", false, "no host"],
  ["https://?q=1", false, "no host"],
  ["http:/example.com", false, "write http://"],
  ["http:example.com", false, "write http://"],
  ["https://exa<mple.com", false, "not a valid URL"],
  ["https://[::1", false, "not a valid URL"],
  ["https://example.com:99999/", false, "not a valid URL"],
  ["", false, "empty URL"],
  ["   ", false, "empty URL"],
  [42, false, "as text"],
]);

test.run();
