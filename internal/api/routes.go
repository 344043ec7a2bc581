package api

import "net/http"

// routes is the whole HTTP surface on one screen. Every database call runs
// under the database timeout: s.handle and s.withDeadline give it to the
// whole request, s.handleFromPrices only to a wait for the database.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()

	// The widgets' calls: from the page under /api (public reads with CORS,
	// the review post behind its origin check), and, with the app proxy, as
	// Shopify forwards them from the shop's own domain, signed, so neither
	// an origin check nor CORS there.
	for _, r := range s.widgetRoutes() {
		public := withPublicReads
		if r.method == http.MethodPost {
			public = s.withReviewOrigin
		}
		mux.Handle(r.method+" /api"+r.path, public(r.handler))
		if s.cfg.AppProxy != nil {
			mux.Handle(r.method+" "+AppProxyPath+"/api"+r.path, s.withAppProxy(r.handler))
		}
	}
	mux.Handle("OPTIONS /api/knitters/{knitterId}/reviews", s.withReviewOrigin(s.handle(reviewPreflight)))
	mux.Handle("GET /api/admin/reviews", s.withAdmin(s.handle(s.adminReviews)))
	mux.Handle("POST /api/admin/reviews/{reviewId}/hide", s.withAdmin(s.handle(s.hideReview)))
	mux.Handle("POST /api/admin/reviews/{reviewId}/publish", s.withAdmin(s.handle(s.publishReview)))
	mux.Handle("DELETE /api/admin/reviews/{reviewId}", s.withAdmin(s.handle(s.deleteReview)))
	mux.Handle(apiFallback, orMethodNotAllowed(mux, s.handle(notFound)))
	if s.cfg.AppProxy != nil {
		mux.Handle(proxyFallback, s.withAppProxy(orMethodNotAllowed(mux, s.handle(notFound))))
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

// widgetRoute is one call the storefront's widgets make, under /api.
type widgetRoute struct {
	method, path string
	handler      http.Handler
}

// widgetRoutes are the calls the widgets make: the reads and the review post.
func (s *Server) widgetRoutes() []widgetRoute {
	return []widgetRoute{
		{http.MethodGet, "/automatic-discount/{market}/{variantId}", s.handleFromPrices(s.variantDiscount)},
		{http.MethodGet, "/automatic-discount/product/{market}/{productId}", s.handleFromPrices(s.productDiscount)},
		{http.MethodGet, "/automatic-discounts", s.handleFromPrices(s.batchDiscounts)},
		{http.MethodGet, "/knitters", s.handle(s.knitters)},
		{http.MethodGet, "/knitters/{knitterId}/reviews", s.handle(s.knitterReviews)},
		{http.MethodPost, "/knitters/{knitterId}/reviews", s.handle(s.postReview)},
		{http.MethodGet, "/currency-rates/{currency}", s.handle(s.currencyRates)},
		{http.MethodGet, "/products/cache-prices", s.handleFromPrices(s.cachePrices)},
		{http.MethodGet, "/products/get-available-variant-ids", s.handleFromPrices(s.availableVariantIDs)},
	}
}
