import { coordinateTest } from "./coordinate.ts";
import type { ValueCheck } from "./value-check.ts";

export const geoLatitude: ValueCheck = {
  name: "geo-latitude",
  description: "latitude from -90 to 90 with at least 5 decimal places, e.g. 40.74844",
  test: coordinateTest("latitude", 90),
};
