import { coordinateTest } from "./coordinate.ts";
import type { ValueCheck } from "./value-check.ts";

export const geoLongitude: ValueCheck = {
  name: "geo-longitude",
  description: "longitude from -180 to 180 with at least 5 decimal places, e.g. -73.98566",
  test: coordinateTest("longitude", 180),
};
