/** The markup "Load an example" puts in the editor: a small event with one recommended property left out. */
export const EXAMPLE = `{
  "@context": "https://schema.org",
  "@type": "Event",
  "name": "Jazz in the park",
  "startDate": "2026-07-21T19:00-05:00",
  "endDate": "2026-07-21T22:00-05:00",
  "eventStatus": "https://schema.org/EventScheduled",
  "location": {
    "@type": "Place",
    "name": "Riverside Park",
    "address": {
      "@type": "PostalAddress",
      "streetAddress": "1 River Rd",
      "addressLocality": "Springfield",
      "addressCountry": "US"
    }
  },
  "offers": {
    "@type": "Offer",
    "url": "https://example.com/tickets",
    "price": 20,
    "priceCurrency": "USD",
    "availability": "https://schema.org/InStock"
  }
}
`;
