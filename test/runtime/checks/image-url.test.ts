import { test } from "uvu";
import { imageUrl } from "../../../runtime/checks/image-url.ts";
import { checkTable } from "./_table.ts";

checkTable(imageUrl, [
  ["https://example.com/photo.jpg", true],
  ["http://example.com/photo.png", true],
  ["https://cdn.example.com/img?id=12&w=1200", true], // no file extension is needed
  ["https://example.com/photos/1x1/photo.webp", true],
  ["data:image/png;base64,iVBORw0KGgo=", false, "data: URIs are not accepted"],
  ["DATA:image/png;base64,iVBORw0KGgo=", false, "data: URIs are not accepted"],
  ["blob:https://example.com/0b7c", false, "blob:"],
  ["javascript:alert(1)", false, "only http and https"],
  ["ftp://example.com/photo.jpg", false, "only http and https"],
  ["/images/photo.jpg", false, "relative URL"],
  ["images/photo.jpg", false, "relative URL"],
  ["photo.jpg", false, "relative URL"],
  ["cdn.example.com/photo.jpg", false, "add https://"],
  ["//cdn.example.com/photo.jpg", false, "add https:"],
  ["https://example.com/my photo.jpg", false, "%20"],
  ["https://", false, "no host"],
  ["", false, "empty URL"],
  [true, false, "as text"],
]);

test.run();
