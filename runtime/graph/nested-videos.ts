/**
 * Videos a node holds anywhere in its values: an article's `video`, a ListItem's `item`. The video page
 * asks for name, thumbnailUrl and uploadDate "for video rich results" wherever a VideoObject is on the
 * page, and the search engine's test lists a nested video as a video of its own; read only as its
 * parent's value it was checked against nothing, and an uploadDate of "today" passed, while the same
 * video as a WebPage's mainEntity (graph/contained-entities.ts) was an error.
 *
 * Not taken: a video where the parent's rules apply the video page's requirements themselves (a
 * recipe's video, CompiledRuleSet.videosJudgedAt), which would report it twice; what another item
 * holds (a value the containment or licensed-image walks take is walked as that item); a value that
 * only refers to a node ({"@id"}), or whose @id another object defines, reported where it is defined.
 */
import { escapePointer, isObject, isReferenceOnly, type JsonObject } from "../json.ts";
import type { Entity } from "./collect.ts";
import { typeNames } from "./type-names.ts";
import { MAX_CONTAINED_DEPTH } from "./contained-entities.ts";

export const VIDEO_TYPE = "VideoObject";

/** Videos taken per node, at most. */
const MAX_VIDEOS = 50;
/** Objects looked into per node, at most: a node of thousands of values is looked at up to here. */
const MAX_VISITED = 2000;
/** Levels of values below the node looked into. */
const MAX_DEPTH = 8;

const isVideo = (v: JsonObject) => typeNames(v["@type"]).includes(VIDEO_TYPE);

/**
 * The VideoObjects `entity`'s node holds, as entities of their own. `judgedAt`: dotted property paths
 * the node's rules judge as videos; `skip`: the node's own properties another walk takes.
 */
export function nestedVideos(
  entity: Entity,
  definedAs: (id: string) => JsonObject | undefined,
  judgedAt: ReadonlySet<string>,
  skip: readonly string[],
): Entity[] {
  const out: Entity[] = [];
  let visited = 0;
  const walk = (object: JsonObject, pointer: string, dotted: string, depth: number): void => {
    for (const key in object) {
      if (key.charCodeAt(0) === 64 /* @ */ || (depth === 0 && skip.includes(key))) continue;
      const value = object[key];
      if (typeof value !== "object" || value === null) continue;
      const path = dotted === "" ? key : `${dotted}.${key}`;
      const list = Array.isArray(value);
      const count = list ? value.length : 1;
      for (let i = 0; i < count; i++) {
        if (out.length >= MAX_VIDEOS || ++visited > MAX_VISITED) return;
        const v: unknown = list ? value[i] : value;
        if (!isObject(v) || isReferenceOnly(v)) continue;
        const id = v["@id"];
        if (typeof id === "string") {
          const first = definedAs(id);
          if (first !== undefined && first !== v) continue;
        }
        const at = `${pointer}/${escapePointer(key)}${list ? `/${i}` : ""}`;
        if (isVideo(v)) {
          if (!judgedAt.has(path)) out.push({ node: v, path: at, block: entity.block, hasContext: entity.hasContext, foreignVocabulary: entity.foreignVocabulary });
          continue;
        }
        if (depth + 1 < MAX_DEPTH) walk(v, at, path, depth + 1);
      }
    }
  };
  walk(entity.node, entity.path, "", 0);
  return out;
}

/** Whether `node` holds a VideoObject below it (for loading the video rules up front). */
export function holdsNestedVideo(node: JsonObject, depth = 0): boolean {
  if (depth > MAX_DEPTH + MAX_CONTAINED_DEPTH) return false;
  for (const key in node) {
    if (key.charCodeAt(0) === 64) continue;
    const value = node[key];
    if (typeof value !== "object" || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (let i = 0; i < values.length && i < MAX_VIDEOS; i++) {
      const v = values[i];
      if (isObject(v) && (isVideo(v) || holdsNestedVideo(v, depth + 1))) return true;
    }
  }
  return false;
}
