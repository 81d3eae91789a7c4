import { test } from "uvu";
import { geoLatitude } from "../../../runtime/checks/geo-latitude.ts";
import { checkTable } from "./_table.ts";

checkTable(geoLatitude, [
  [40.74844, true],
  [-33.868820, true],
  [40.7484405, true],
  [0.00001, true],
  [1e-7, true], // printed as 1e-7: 7 decimal places
  ["40.74844", true],
  ["40.748440", true],
  ["-33.86882", true],
  ["+40.74844", true],
  ["90.00000", true],
  ["-90.00000", true],
  ["0.00000", true],
  // range before precision
  [90.00001, false, "latitude 90.00001 is out of range (-90 to 90)"],
  ["-90.00001", false, "out of range"],
  ["91.5", false, "out of range"],
  ["120.12345", false, "swapped"],
  ["-200.12345", false, "out of range"],
  // precision: the search engine asks for at least 5 decimal places
  [40.7484, false, "use at least 5 decimal places (40.7484 has 4)"],
  // A JSON number has lost the zeros its source may have written (40.74840): the message says how to keep them.
  [40.7484, false, 'if the source wrote trailing zeros (40.74840), a JSON number drops them: write the coordinate as text ("40.74840")'],
  ["40.74840", true],
  [40.75, false, "use at least 5 decimal places"],
  [40, false, "use at least 5 decimal places"],
  [-90, false, "use at least 5 decimal places"],
  ["40.7", false, "use at least 5 decimal places (40.7 has 1)"],
  ["40", false, "use at least 5 decimal places"],
  ["40.7484", false, "has 4"],
  // notation
  ["40,74844", false, "use a dot as decimal separator"],
  ["4.074844e1", false, "without an exponent"],
  [".74844", false, "add a zero"],
  ["40.74844N", false, "expected a number"],
  ["40°44'54\"N", false, "expected a number"],
  ["", false, "empty"],
  [" 40.74844", false, "remove the spaces around the value"],
  [Number.NaN, false, "not a latitude"],
  [true, false, "expected a latitude"],
]);

test.run();
