import { test } from "uvu";
import * as assert from "uvu/assert";
import { iso8601DatetimeZoned } from "../../../runtime/checks/iso8601-datetime-zoned.ts";
import { iso8601Datetime } from "../../../runtime/checks/iso8601-datetime.ts";
import { iso8601DatetimeTz } from "../../../runtime/checks/iso8601-datetime-tz.ts";
import { checkTable } from "./_table.ts";
import { validateValue } from "../../../runtime/validate.ts";

checkTable(iso8601DatetimeZoned, [
  ["2024-03-31T08:00:00+08:00", true],
  ["2024-03-31T08:00Z", true],
  ["2024-03-31", false, "no time"],
  ["2024-03-31T08:00:00", false, "no time zone"],
  ["2016-10-06 04:59:57", false, "not a space, and add a time zone"],
  ["2016-10-06 04:59:57+02:00", false, "not a space: 2016-10-06T04:59:57+02:00"],
  ["2022-07-26 10:51:36 -0400", false, "with T and write the time zone right after the time: 2022-07-26T10:51:36-0400"],
  ["2022-07-26T10:51:36 -0400", false, "write the time zone right after the time, without a space: 2022-07-26T10:51:36-0400"],
  ["2022-13-26 10:51:36 -0400", false, "YYYY-MM-DD"],
  ["today", false],
  ["31/03/2024", false, "put the year first"],
  ["2024-02-30T08:00Z", false, "out of range"],
]);

test("repaired (a warning that counts): a date alone, a time without a zone, a space for the T; not a word or a broken date", () => {
  for (const v of ["2024-03-31", "2024-03-31T08:00:00", "2016-10-06 04:59:57", "2016-10-06 04:59:57+02:00"]) assert.ok(iso8601DatetimeZoned.repaired!(v), v);
  for (const v of ["today", "31/03/2024", "2024-02-30", "2016-10-06  04:59:57", "2016-10-06 4pm", "2022-07-26 10:51:36 -0400"]) assert.not.ok(iso8601DatetimeZoned.repaired!(v), v);
});

test("a space for the T is repaired by the date-time checks too, where the rest passes", () => {
  assert.ok(iso8601Datetime.repaired!("2027-07-21 19:00"));
  assert.ok(iso8601DatetimeTz.repaired!("2027-07-21 19:00-05:00"));
  // Still no zone where one is required: not repaired.
  assert.not.ok(iso8601DatetimeTz.repaired!("2027-07-21 19:00"));
  assert.not.ok(iso8601Datetime.repaired!("2027-07-21 25:00"));
});

test("Vimeo's upload date with a space and no zone: a warning, the video valid; a word stays an error", () => {
  const video = (uploadDate: string) => validateValue({ "@context": "https://schema.org", "@type": "VideoObject", name: "Demo", description: "A demo.", thumbnailUrl: "https://example.com/t.jpg", contentUrl: "https://example.com/v.mp4", duration: "PT599S", uploadDate }).schemas[0];
  const vimeo = video("2016-10-06 04:59:57");
  assert.ok(vimeo.valid, JSON.stringify(vimeo.errors));
  const w = vimeo.warnings.find((i) => i.property === "uploadDate")!;
  assert.is(w.code, "invalid-format");
  // With its zone, the T alone settles it: offered as a patch (without one, no mechanical fix passes).
  const zoned = video("2016-10-06 04:59:57+02:00");
  assert.ok(zoned.valid);
  assert.ok(zoned.warnings.find((i) => i.property === "uploadDate")!.patch, "the T is offered as a patch");
  assert.ok(video("2024-03-31").valid);
  assert.ok(video("2024-03-31").warnings.some((i) => i.property === "uploadDate" && i.code === "invalid-format"));
  assert.not.ok(video("2024-03-31T08:00:00+08:00").warnings.some((i) => i.property === "uploadDate"));
  assert.not.ok(video("today").valid);
});

test.run();
