/**
 * The review snippet page's other reviewable types (Game, CreativeWorkSeries, CreativeWorkSeason,
 * Episode, MusicPlaylist, MusicRecording and their subtypes) have no rich result of their own: rated,
 * they are review snippet candidates and their ratings are judged; unrated, nothing is checked.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const rating = { "@type": "AggregateRating", ratingValue: "88", bestRating: "100", ratingCount: "20" };
const only = (node: Record<string, unknown>) => validateValue({ "@context": "https://schema.org/", ...node }).schemas[0];

test("the page's Game example is a review snippet; without its count it is not", () => {
  const game = only({ "@type": "Game", name: "Firefly", aggregateRating: rating });
  assert.is(game.valid, true);
  assert.is(game.rich_result_eligible, true);
  const broken = only({ "@type": "Game", name: "Firefly", aggregateRating: { ...rating, ratingCount: undefined } });
  assert.is(broken.valid, false);
  assert.ok(broken.errors.some((e) => e.property === "aggregateRating.ratingCount"), JSON.stringify(broken.errors));
});

test("subtypes are judged the same way: a TVSeries rated out of its scale, a PodcastEpisode's review without an author", () => {
  const series = only({ "@type": "TVSeries", name: "Firefly", aggregateRating: { "@type": "AggregateRating", ratingValue: 12, bestRating: 10, ratingCount: 3 } });
  assert.is(series.matched_type, "TVSeries");
  assert.is(series.valid, false);
  const episode = only({ "@type": "PodcastEpisode", name: "Serenity", review: { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 4 } } });
  assert.ok(episode.errors.some((e) => e.property === "review.author"), JSON.stringify(episode.errors));
  // The twin: with its author, eligible.
  const good = only({ "@type": "PodcastEpisode", name: "Serenity", review: { "@type": "Review", author: { "@type": "Person", name: "Jane" }, reviewRating: { "@type": "Rating", ratingValue: 4 } } });
  assert.is(good.rich_result_eligible, true);
});

test("unrated, a MusicAlbum or a Newspaper has nothing to check: valid, not detected", () => {
  for (const type of ["MusicAlbum", "Newspaper", "MusicRecording"]) {
    const s = only({ "@type": type, name: "X" });
    assert.equal([...s.errors, ...s.warnings], [], type);
    assert.match(s.rich_result.reason, /^Not detected/);
  }
});

test("a rating of another type (\"aggregateRating\" in lower case) is no rating: no stars for a game, an organization or a book", () => {
  const lower = { ...rating, "@type": "aggregateRating" };
  const game = only({ "@type": "Game", name: "Firefly", aggregateRating: lower });
  assert.is(game.valid, false);
  assert.ok(game.errors.some((e) => e.code === "missing-one-of" && e.property === "aggregateRating"), JSON.stringify(game.errors));
  for (const type of ["Organization", "Book"]) {
    const s = only({ "@type": type, name: "Example", aggregateRating: lower });
    assert.is(s.valid, true, type);
    assert.is(s.features!.find((f) => f.feature === "review-snippet")!.eligible, false, type);
    const twin = only({ "@type": type, name: "Example", aggregateRating: rating });
    assert.is(twin.features!.find((f) => f.feature === "review-snippet")!.eligible, true, `${type} clean twin`);
  }
});

test.run();
