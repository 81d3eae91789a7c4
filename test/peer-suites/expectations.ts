/**
 * What other validators' test suites expect of their fixtures (../shared/corpus/peer-suites), read
 * from their tests where the file name alone is ambiguous (adobe/structured-data-validator
 * src/types/__tests__/*.test.js; schemaorg-rs tests/profile_tests.rs), and why sdv answers
 * differently where it does. Used by compare.ts, which writes docs/peer-suites.md.
 */

/** "error": the peer expects at least one error; "no-error": none (warnings allowed). */
export type PeerExpectation = "error" | "no-error";

/** File names that say "no error" in every suite; anything else named invalid/missing/no_ expects an error. */
const CLEAN_NAME = /^(valid|with-|only|all-|minimal|total-time|percentage|content-url|dataUrl|nested|hybrid|multi-type|text-and|non_product|offer_with_no_parent)|[-_]valid|recommended/;

/** Where the peer's test says otherwise than the file name (its severity is WARNING, or the fixture is meant valid). */
const FROM_PEER_TESTS: Record<string, PeerExpectation> = {
  // adobe Product.test.js: these assert a single WARNING.
  "adobe/Product/offer_no_currency.json": "no-error",
  "adobe/Product/offer_no_availability.json": "no-error",
  "adobe/Product/offer_invalid_date.json": "no-error",
  "adobe/Product/aggregate_offer_no_high_price.json": "no-error",
  "adobe/Product/aggregate_offer_no_count.json": "no-error",
  "adobe/Product/review_single_note.json": "no-error",
  // adobe schemaOrg.test.js: an unknown attribute is a WARNING.
  "adobe/Product/invalid_attribute.json": "no-error",
  "adobe/Breadcrumb/invalid-attribute.json": "no-error",
  // adobe BreadcrumbList.test.js: invalid URLs in "item" are WARNINGs.
  "adobe/Breadcrumb/invalid2.json": "no-error",
  "adobe/Breadcrumb/invalid4.json": "no-error",
  // adobe Review.test.js: missing datePublished / bestRating are WARNINGs; out of range is an ERROR.
  "adobe/Review/invalid_missing_date_published.json": "no-error",
  "adobe/Review/invalid_missing_best_rating.json": "no-error",
  // adobe Clip.test.js, JobPosting.test.js, Recipe.test.js: warnings only.
  "adobe/Clip/missing-endOffset.json": "no-error",
  // schemaorg-rs profile_tests.rs: asserted eligible (or only a diagnostic on a recommended field).
  "schemaorg-rs/product_name_only_warnings.json": "no-error",
  "schemaorg-rs/event_recommended_fields_warned.json": "no-error",
  "schemaorg-rs/vocab_errors_dont_block_profile.json": "no-error",
  "schemaorg-rs/multi_type_graph_evaluates_all.json": "no-error",
  "schemaorg-rs/breadcrumb_single_item.json": "no-error",
  "schemaorg-rs/faqpage_eligibility_restricted_diagnostic.json": "no-error",
  "schemaorg-rs/article_author_missing_name.json": "error",
  "schemaorg-rs/local_business_address_missing_fields.json": "error",
  "schemaorg-rs/breadcrumb_non_last_item_needs_url.json": "error",
};

const SCHEMAORG_RS_CLEAN = /(_valid|_ok|_eligible|_matched|_inheritance|_ignored|_recommended|recommended_|_restricted|_multiple|_with_|full_pipeline|_preserves)/;

export function peerExpectation(fixture: string): PeerExpectation {
  if (fixture in FROM_PEER_TESTS) return FROM_PEER_TESTS[fixture];
  const name = fixture.slice(fixture.lastIndexOf("/") + 1);
  if (fixture.startsWith("schemaorg-rs/")) return SCHEMAORG_RS_CLEAN.test(name) && !name.includes("not_eligible") ? "no-error" : "error";
  return CLEAN_NAME.test(name) ? "no-error" : "error";
}

/**
 * Why sdv answers differently, per disagreeing fixture. "to fix in rules:" marks the ones the rule
 * fixes of issue 8 (rules-src, another branch) are to address.
 */
export const JUSTIFICATIONS: Record<string, string> = {
  // Values decide verdicts (issue 15): a value that breaks its rule counts as missing.
  "adobe/ImageObject/dataUrl.json": "Image license metadata needs the image's URL (contentUrl or url: \"A URL to the actual image content\"); a data: URI is no URL the search engine can crawl, so the only member of the required group is treated as missing: an error.",
  // Retired and restricted features: still validated, findings are warnings (spec: deprecated types "are still validated").
  "mulraj/FAQPage/invalid_missing_mainEntity.json": "FAQ rich results are retired (2026-05-07): the missing mainEntity is reported as a warning, never an error (issue 8: retired features never fail a build).",
  "mulraj/HowTo/invalid_missing_name.json": "HowTo rich results are retired (2023-09-13): findings are warnings.",
  "mulraj/HowTo/invalid_missing_step.json": "HowTo rich results are retired (2023-09-13): findings are warnings.",
  "schemaorg-rs/faqpage_missing_main_entity.json": "FAQ rich results are retired: reported as a warning.",
  "schemaorg-rs/faqpage_question_missing_answer.json": "FAQ rich results are retired: reported as a warning.",
  "schemaorg-rs/faqpage_question_missing_name.json": "FAQ rich results are retired: reported as a warning.",
  "schemaorg-rs/faqpage_answer_missing_text.json": "FAQ rich results are retired: reported as a warning.",
  "adobe/HowToDirection/missing-required.json": "HowTo is retired; a standalone HowToDirection has no rich result of its own, so it is not checked.",
  "adobe/HowToSection/missing-name.json": "HowTo is retired; a standalone HowToSection has no rich result of its own (inside a Recipe it is checked by Recipe's rules).",
  "adobe/HowToSection/missing-required.json": "HowTo is retired; a standalone HowToSection has no rich result of its own.",
  "adobe/HowToStep/missing-required.json": "A standalone HowToStep has no rich result of its own (inside a Recipe it is checked by Recipe's rules).",
  "adobe/HowToStep/invalid-direction-missing-text.json": "A standalone HowToStep has no rich result of its own.",
  "adobe/HowToTip/missing-required.json": "A standalone HowToTip has no rich result of its own.",
  // Types without a rich result of their own: the documentation lists no requirements for them standalone.
  "adobe/Brand/invalid_missing_name.json": "Brand has no rich result of its own; Product's rules check brand.name where the brand is used.",
  "adobe/Clip/missing-required.json": "Clip is read only inside a VideoObject (key moments, hasPart); standalone it has no rich result.",
  "adobe/SeekToAction/missing-startOffset.json": "SeekToAction is read only as a VideoObject's potentialAction (key moments); standalone it has no rich result.",
  "adobe/SeekToAction/missing-target.json": "SeekToAction is read only as a VideoObject's potentialAction; standalone it has no rich result.",
  "adobe/DefinedRegion/invalid_both_region_and_postal_code.json": "DefinedRegion is read only inside shipping details (OfferShippingDetails.shippingDestination); standalone it has no rich result.",
  "adobe/PriceSpecification/invalid1.json": "PriceSpecification is read only inside an Offer; standalone it has no rich result.",
  "adobe/PriceSpecification/invalid2.json": "PriceSpecification is read only inside an Offer; standalone it has no rich result.",
  "adobe/Person/invalid.json": "Person has no rich result of its own (profile pages use ProfilePage); an empty Person costs nothing.",
  "adobe/Organization/invalid.json": "Organization has no required properties in the documentation (all recommended): sdv warns.",
  "mulraj/Corporation/invalid.json": "Organization (and Corporation) has no required properties in the documentation: sdv warns.",
  "mulraj/NewsMediaOrganization/invalid.json": "Organization subtypes have no required properties in the documentation: sdv warns.",
  "mulraj/WebPage/invalid.json": "WebPage has no rich result and no documented requirements: reported, not checked.",
  "mulraj/Article/invalid_missing_headline.json": "Article has no required properties in the documentation (all recommended): a missing headline is a warning.",
  "schemaorg-rs/article_missing_headline.json": "Article has no required properties in the documentation: a warning.",
  "schemaorg-rs/article_missing_author.json": "Article has no required properties in the documentation: a warning.",
  "schemaorg-rs/article_missing_date_published.json": "Article has no required properties in the documentation: a warning.",
  "schemaorg-rs/article_missing_image.json": "Article has no required properties in the documentation: a warning.",
  "schemaorg-rs/article_author_missing_name.json": "Article has no required properties; author.name is recommended: a warning.",
  "schemaorg-rs/article_publisher_missing_name.json": "Article has no required properties; publisher.name is recommended: a warning.",
  "adobe/Recipe/invalid5.json": "The step is complete (name, text, url, image); HowToDirection and HowToTip items inside a HowToStep are allowed by the documentation. The peer's errors come from its own rules for those nested items.",
  // The spec is explicit.
  "schemaorg-rs/event_valid.json": "The spec's Event table requires startDate 'with time and timezone'; the fixture has no UTC offset (the search engine also accepts a date alone; the spec wins).",
  "schemaorg-rs/event_recommended_fields_warned.json": "The spec requires startDate with time and timezone; the fixture gives a date alone.",
  "mulraj/Event/valid_online.json": "The spec's Event table requires location (Place or VirtualLocation); the fixture has none.",
  // Documented requirements the peer does not check.
  "adobe/Breadcrumb/valid-text-position.json": "The second ListItem's position is the text \"current page\": the documentation types position as an Integer (sdv accepts \"2\" written as text, not words), so the trail cannot be ordered: an error.",
  "adobe/Breadcrumb/invalid2.json": "The second ListItem's position is 2.5: position is documented as an Integer, so an error (the peer only warns about the item URL).",
  "adobe/Recipe/invalid4.json": "cookTime, prepTime and totalTime are recommended in the documentation: a malformed recommended property is a warning (README: severity).",
  "adobe/VideoObject/missing-content-embed.json": "contentUrl and embedUrl are recommended in the video documentation (one of them strongly): a warning, the video stays eligible.",
  "adobe/ProductMerchant/missing-gtin.json": "gtin is recommended for merchant listings, not required: the empty gtin is a warning.",
  "schemaorg-rs/product_offer_missing_availability.json": "offers.availability is recommended for product snippets: a warning.",
  "schemaorg-rs/product_offer_missing_currency.json": "priceCurrency is required for merchant listings only: that feature's requirement is a warning and the feature is not eligible; the product snippet stays valid.",
  "schemaorg-rs/local_business_address_missing_country.json": "Local business: address is required, its parts (streetAddress, addressLocality, postalCode, addressCountry, ...) are recommended: warnings.",
  "schemaorg-rs/local_business_address_missing_postal_code.json": "Local business: the address parts are recommended: a warning.",
  "schemaorg-rs/product_name_only_warnings.json": "The product snippet needs one of review, aggregateRating or offers (documented as required): an error.",
  "schemaorg-rs/vocab_errors_dont_block_profile.json": "The vocabulary note does not block anything; the error is the documented one-of review/aggregateRating/offers.",
  "schemaorg-rs/multi_type_graph_evaluates_all.json": "The Product node lacks all of review, aggregateRating and offers (documented one-of): an error.",
  "schemaorg-rs/product_valid_eligible.json": "The nested Review has neither reviewRating nor positive/negative notes; a Review snippet needs a rating (documented), so sdv errs.",
  "adobe/JobPosting/missing-recommended.json": "jobLocation is required unless the job is fully remote (applicantLocationRequirements with jobLocationType TELECOMMUTE): documented one-of.",
  "adobe/Product/invalid_type.json": "sdv agrees that it is an error: an unknown top-level type (issue 8).",
  "adobe/BroadcastEvent/valid1.json": "A standalone BroadcastEvent is not an event listing: the LIVE badge reads it only under VideoObject.publication, so nothing is required of it on its own.",
  "adobe/BroadcastEvent/missing-endDate.json": "A standalone BroadcastEvent is not an event listing; endDate is required only under VideoObject.publication (the LIVE badge).",
  "adobe/BroadcastEvent/missing-isLiveBroadcast.json": "As above: isLiveBroadcast is required only under VideoObject.publication (the LIVE badge).",
  "adobe/BroadcastEvent/missing-startDate.json": "As above: startDate is required only under VideoObject.publication (the LIVE badge).",
  "mulraj/WebSite/invalid_missing_name.json": "to fix in rules: WebSite name is required (site names documentation); issue 8 lists this fix.",
  "schemaorg-rs/breadcrumb_non_last_item_needs_url.json": "to fix in rules: item is required on every ListItem but the last (issue 8 lists this fix); today a warning.",
  "schemaorg-rs/local_business_address_missing_fields.json": "The documentation lists address sub-properties as recommended for local business: warnings.",
};
