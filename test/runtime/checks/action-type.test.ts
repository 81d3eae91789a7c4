import { test } from "uvu";
import { actionType } from "../../../runtime/checks/action-type.ts";
import { checkTable } from "./_table.ts";

checkTable(actionType, [
  ["https://schema.org/LikeAction", true],
  ["http://schema.org/FollowAction", true],
  ["LikeAction", true],
  ["WriteAction", true],
  ["https://schema.org/Person", false, "Action type"],
  ["books page", false, "Action type"],
  ["", false, "Action type"],
  [1, false, "as text"],
]);

test.run();
