package shopify

// APIVersion is the Admin API version knitfront speaks: every request names
// it, the offline stand-in answers in it, and shopify.app.toml subscribes
// the webhooks in it. Shopify serves a version for at least 12 months and
// then answers calls to it in the oldest version it still serves, so it is
// raised every quarter or two (docs/operations.md). The Makefile reads it
// from this line to fetch the schemas of the same version.
const APIVersion = "2026-10"
