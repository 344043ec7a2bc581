package api

import "net/http"

// routes is the whole HTTP surface on one screen. Every database call runs
// under the database timeout: s.handle and s.withDeadline give it to the
// whole request, s.handleFromPrices only to a wait for the database.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()

	mux.Handle("GET /api/automatic-discount/{market}/{variantId}", withPublicReads(s.handleFromPrices(s.variantDiscount)))
	mux.Handle("GET /api/automatic-discount/product/{market}/{productId}", withPublicReads(s.handleFromPrices(s.productDiscount)))
	mux.Handle("GET /api/automatic-discounts", withPublicReads(s.handleFromPrices(s.batchDiscounts)))
	mux.Handle("GET /api/knitters", withPublicReads(s.handle(s.knitters)))
	mux.Handle("GET /api/knitters/{knitterId}/reviews", withPublicReads(s.handle(s.knitterReviews)))
	mux.Handle("POST /api/knitters/{knitterId}/reviews", s.withReviewOrigin(s.handle(s.postReview)))
	mux.Handle("OPTIONS /api/knitters/{knitterId}/reviews", s.withReviewOrigin(s.handle(reviewPreflight)))
	mux.Handle("GET /api/admin/reviews", s.withAdmin(s.handle(s.adminReviews)))
	mux.Handle("POST /api/admin/reviews/{reviewId}/hide", s.withAdmin(s.handle(s.hideReview)))
	mux.Handle("POST /api/admin/reviews/{reviewId}/publish", s.withAdmin(s.handle(s.publishReview)))
	mux.Handle("DELETE /api/admin/reviews/{reviewId}", s.withAdmin(s.handle(s.deleteReview)))
	mux.Handle("GET /api/currency-rates/{currency}", withPublicReads(s.handle(s.currencyRates)))
	mux.Handle("GET /api/products/cache-prices", withPublicReads(s.handleFromPrices(s.cachePrices)))
	mux.Handle("GET /api/products/get-available-variant-ids", withPublicReads(s.handleFromPrices(s.availableVariantIDs)))
	mux.Handle(apiFallback, orMethodNotAllowed(mux, s.handle(notFound)))
	if s.cfg.AppProxy != nil {
		// The widgets' calls as Shopify's app proxy forwards them from the
		// shop's own domain: signed, so neither an origin check nor CORS.
		proxied := func(pattern string, h http.Handler) { mux.Handle(pattern, s.withAppProxy(h)) }
		proxied("GET "+AppProxyPath+"/api/automatic-discount/{market}/{variantId}", s.handleFromPrices(s.variantDiscount))
		proxied("GET "+AppProxyPath+"/api/automatic-discount/product/{market}/{productId}", s.handleFromPrices(s.productDiscount))
		proxied("GET "+AppProxyPath+"/api/automatic-discounts", s.handleFromPrices(s.batchDiscounts))
		proxied("GET "+AppProxyPath+"/api/knitters", s.handle(s.knitters))
		proxied("GET "+AppProxyPath+"/api/knitters/{knitterId}/reviews", s.handle(s.knitterReviews))
		proxied("POST "+AppProxyPath+"/api/knitters/{knitterId}/reviews", s.handle(s.postReview))
		proxied("GET "+AppProxyPath+"/api/currency-rates/{currency}", s.handle(s.currencyRates))
		proxied("GET "+AppProxyPath+"/api/products/cache-prices", s.handleFromPrices(s.cachePrices))
		proxied("GET "+AppProxyPath+"/api/products/get-available-variant-ids", s.handleFromPrices(s.availableVariantIDs))
		proxied(proxyFallback, orMethodNotAllowed(mux, s.handle(notFound)))
	}
	if s.cfg.Site != nil {
		// The dev storefront's Storefront API, at Shopify's address.
		mux.Handle("POST /api/{version}/graphql.json", s.withDeadline(s.cfg.Site))
	}

	if s.cfg.Webhooks != nil {
		mux.Handle("POST /webhooks/shopify", s.withDeadline(s.cfg.Webhooks))
	}

	mux.Handle("GET /assets/{file}", s.cfg.Assets)
	mux.Handle("GET /healthz", s.handle(s.healthz))
	mux.Handle("GET /readyz", s.handle(s.readyz))

	site := s.handle(notFound)
	if s.cfg.Site != nil {
		site = s.withDeadline(s.cfg.Site)
	}
	mux.Handle(siteFallback, orMethodNotAllowed(mux, site))

	return withChunkedBodyClose(s.withRequestID(s.withAccessLog(s.withRecover(withQueryLimit(mux)))))
}
