// Package shopifydev is an offline stand-in for a shop's Admin GraphQL API:
// it answers the operations knitfront's sync sends, from a catalogue
// document, as Shopify would (token check, query cost extensions, bulk
// operations with their JSONL file, the client credentials grant's token
// endpoint), and lets a test revoke or expire the tokens, take the token
// endpoint down or force throttling. It never runs in production.
package shopifydev

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/shopify"
)

// The leaky bucket Shopify gives a Standard plan: 1,000 points at most,
// 100 restored a second.
const (
	bucketSize  = 1000
	restoreRate = 100
)

// BulkPath is where the stand-in serves a finished bulk operation's file.
const BulkPath = "/admin/bulk/"

// Server is the stand-in. Its zero value is not usable: call New.
type Server struct {
	token string
	now   func() time.Time

	mu        sync.Mutex
	shop      shop
	scopes    []string
	revoked   bool
	throttled int
	available float64
	filledAt  time.Time
	bulk      *bulkRun
	requests  map[string]int
	webhooks  webhookTarget
	// subscriptions are the app's webhook subscriptions, as created.
	subscriptions []shopify.WebhookSubscription
	// metafields are the metafields written, made on the first write.
	metafields map[metafieldKey]metafieldValue
	// version is the Admin API version the answers say they are in:
	// shopify.APIVersion until AnswerInVersion.
	version string
	oauth   oauth
}

// bulkRun is the shop's current bulk operation.
type bulkRun struct {
	id    int64
	lines [][]byte
}

// New serves doc's catalogue to requests that carry token, or a token its
// endpoint gave for the app's client credentials (oauth.go). Times come from
// now (statuses of discounts, the bucket's restoring, the tokens' expiry).
func New(doc catalog.Document, token string, now func() time.Time) *Server {
	return &Server{
		token:     token,
		now:       now,
		shop:      shopOf(doc),
		scopes:    slices.Concat(shopify.RequiredScopes, shopify.MetafieldScopes), // what a sync and the theme's prices need, until SetScopes
		available: bucketSize,
		filledAt:  now(),
		requests:  map[string]int{},
		version:   shopify.APIVersion,
		oauth:     newOAuth(),
	}
}

// AnswerInVersion makes every later answer say, in X-Shopify-API-Version,
// that it is in version, as Shopify's do when the version asked is no
// longer served.
func (s *Server) AnswerInVersion(version string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version = version
}

// RevokeToken makes every later request fail as Shopify does for a token
// whose app was uninstalled.
func (s *Server) RevokeToken() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.revoked = true
}

// SetScopes changes the scopes the token holds.
func (s *Server) SetScopes(scopes ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scopes = scopes
}

// Throttle makes the next n GraphQL requests answer THROTTLED.
func (s *Server) Throttle(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.throttled = n
}

// Requests counts the GraphQL requests answered, by operation name.
func (s *Server) Requests(operation string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[operation]
}

// ServeHTTP serves the Admin GraphQL endpoint and the bulk result files.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == shopify.GraphQLPath:
		s.serveGraphQL(w, r)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, BulkPath):
		s.serveBulkResult(w, r)
	case r.Method == http.MethodPost && r.URL.Path == shopify.AccessTokenPath:
		s.serveAccessToken(w, r)
	case r.Method == http.MethodPost && r.URL.Path == ChangesPath:
		s.serveChange(w, r)
	default:
		http.NotFound(w, r)
	}
}

// maxRequestBytes bounds a GraphQL request; knitfront's are a few KB.
const maxRequestBytes = 1 << 20

func (s *Server) serveGraphQL(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("X-Shopify-API-Version", s.version)
	if !s.tokenTaken(r.Header.Get("X-Shopify-Access-Token")) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}`))
		return
	}
	var req struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBytes)).Decode(&req); err != nil {
		http.Error(w, `{"errors":"malformed request"}`, http.StatusBadRequest)
		return
	}
	s.requests[req.OperationName]++
	op, known := s.operations()[req.OperationName]
	if !known {
		writeJSON(w, map[string]any{"errors": []map[string]any{{
			"message":    fmt.Sprintf("the stand-in does not serve operation %q", req.OperationName),
			"extensions": map[string]any{"code": "UNSUPPORTED"},
		}}})
		return
	}
	available := s.restore()
	cost := s.costExtension(op.cost, available)
	if s.throttled > 0 || op.cost > available {
		if s.throttled > 0 {
			s.throttled--
		}
		writeJSON(w, map[string]any{
			"errors":     []map[string]any{{"message": "Throttled", "extensions": map[string]any{"code": "THROTTLED"}}},
			"extensions": map[string]any{"cost": cost},
		})
		return
	}
	data, nodes := op.answer(s, req.Variables, r)
	// As Shopify does, a query needs its requested cost in the bucket but
	// pays for what it returned: a point for the query and one per node.
	actual := min(op.cost, float64(1+nodes))
	s.available = available - actual
	cost["actualQueryCost"] = actual
	cost["throttleStatus"].(map[string]any)["currentlyAvailable"] = s.available
	writeJSON(w, map[string]any{"data": data, "extensions": map[string]any{"cost": cost}})
}

// restore is what the bucket holds now, restored since it was last drawn.
func (s *Server) restore() float64 {
	now := s.now()
	s.available = min(bucketSize, s.available+now.Sub(s.filledAt).Seconds()*restoreRate)
	s.filledAt = now
	return s.available
}

func (s *Server) costExtension(requested, available float64) map[string]any {
	return map[string]any{
		"requestedQueryCost": requested,
		"throttleStatus": map[string]any{
			"maximumAvailable":   float64(bucketSize),
			"currentlyAvailable": available,
			"restoreRate":        float64(restoreRate),
		},
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// operation is how the stand-in answers one named operation, and what it
// costs.
type operation struct {
	cost float64
	// answer is the operation's data and the number of nodes it holds.
	answer func(s *Server, vars map[string]any, r *http.Request) (any, int)
}

func (s *Server) operations() map[string]operation {
	return map[string]operation{
		shopify.AccessScopesOp.Name:         {1, (*Server).accessScopes},
		shopify.RunBulkQueryOp.Name:         {10, (*Server).runBulkQuery},
		shopify.CurrentBulkOperationOp.Name: {1, (*Server).currentBulkOperation},
		shopify.SellingPlanGroupsOp.Name:    {shopify.SellingPlanGroupsOp.ExpectedCost, (*Server).sellingPlanGroups},
		shopify.AutomaticDiscountsOp.Name:   {shopify.AutomaticDiscountsOp.ExpectedCost, (*Server).automaticDiscounts},
		shopify.ProductOp.Name:              {shopify.ProductOp.ExpectedCost, (*Server).product},
		shopify.InventoryItemProductOp.Name: {shopify.InventoryItemProductOp.ExpectedCost, (*Server).inventoryItemProduct},
		shopify.WebhookSubscriptionsOp.Name: {shopify.WebhookSubscriptionsOp.ExpectedCost, (*Server).webhookSubscriptions},
		shopify.WebhookSubscriptionCreateOp.Name: {
			shopify.WebhookSubscriptionCreateOp.ExpectedCost, (*Server).createWebhookSubscription,
		},
		shopify.ShopIDOp.Name:        {shopify.ShopIDOp.ExpectedCost, (*Server).shopID},
		shopify.MetafieldsSetOp.Name: {shopify.MetafieldsSetOp.ExpectedCost, (*Server).metafieldsSet},
	}
}

func (s *Server) accessScopes(map[string]any, *http.Request) (any, int) {
	var list []map[string]string
	for _, sc := range s.scopes {
		list = append(list, map[string]string{"handle": sc})
	}
	return map[string]any{"currentAppInstallation": map[string]any{"accessScopes": list}}, 0
}

// runBulkQuery starts the bulk operation; the stand-in finishes it at once.
// It answers the products query knitfront sends, whatever its text.
func (s *Server) runBulkQuery(map[string]any, *http.Request) (any, int) {
	id := int64(1)
	if s.bulk != nil {
		id = s.bulk.id + 1
	}
	s.bulk = &bulkRun{id: id, lines: s.shop.bulkLines()}
	return map[string]any{"bulkOperationRunQuery": map[string]any{
		"bulkOperation": map[string]any{"id": bulkGID(id), "status": "CREATED"},
		"userErrors":    []any{},
	}}, 0
}

func bulkGID(id int64) string { return fmt.Sprintf("gid://shopify/BulkOperation/%d", id) }

func (s *Server) currentBulkOperation(_ map[string]any, r *http.Request) (any, int) {
	if s.bulk == nil {
		return map[string]any{"currentBulkOperation": nil}, 0
	}
	url := fmt.Sprintf("http://%s%s%d.jsonl", r.Host, BulkPath, s.bulk.id)
	return map[string]any{"currentBulkOperation": map[string]any{
		"id": bulkGID(s.bulk.id), "status": "COMPLETED", "errorCode": nil,
		"objectCount": fmt.Sprint(len(s.bulk.lines)), "url": url,
	}}, 0
}

func (s *Server) serveBulkResult(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	run := s.bulk
	s.mu.Unlock()
	if run == nil || r.URL.Path != fmt.Sprintf("%s%d.jsonl", BulkPath, run.id) {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/jsonl")
	for _, line := range run.lines {
		_, _ = w.Write(line)
		_, _ = w.Write([]byte{'\n'})
	}
}

// product answers the Product query: null for an id the shop does not have.
func (s *Server) product(vars map[string]any, _ *http.Request) (any, int) {
	id, _ := vars["id"].(string)
	for _, p := range s.shop.products {
		if gidOf("Product", p.ID) == id {
			return map[string]any{"product": s.shop.productNode(p)}, 1 + len(p.Variants)
		}
	}
	return map[string]any{"product": nil}, 0
}

// inventoryItemProduct answers the InventoryItemProduct query. The
// stand-in's inventory items have their variant's number, so each counts
// one variant's stock.
func (s *Server) inventoryItemProduct(vars map[string]any, _ *http.Request) (any, int) {
	id, _ := vars["id"].(string)
	for _, p := range s.shop.products {
		for _, v := range p.Variants {
			if gidOf("InventoryItem", v.ID) == id {
				variant := map[string]any{"product": map[string]any{"id": gidOf("Product", p.ID)}}
				return map[string]any{"inventoryItem": map[string]any{"variants": map[string]any{"nodes": []any{variant}}}}, 2
			}
		}
	}
	return map[string]any{"inventoryItem": nil}, 0
}

func (s *Server) webhookSubscriptions(vars map[string]any, _ *http.Request) (any, int) {
	nodes, info := page(s.subscriptions, vars, 100)
	return map[string]any{"webhookSubscriptions": map[string]any{"pageInfo": info, "nodes": nodes}}, len(nodes)
}

// createWebhookSubscription subscribes as Shopify does: a topic of the
// enum (the stand-in knows knitfront's) and an address; a second
// subscription of a topic to one address is refused.
func (s *Server) createWebhookSubscription(vars map[string]any, _ *http.Request) (any, int) {
	topic, _ := vars["topic"].(string)
	uri, _ := vars["uri"].(string)
	refuse := func(field, message string) (any, int) {
		return map[string]any{"webhookSubscriptionCreate": map[string]any{
			"webhookSubscription": nil, "userErrors": []map[string]any{{"field": []string{field}, "message": message}},
		}}, 0
	}
	switch {
	case !slices.Contains(shopify.SubscriptionTopics(), topic):
		return refuse("topic", fmt.Sprintf("the stand-in does not know the topic %q", topic))
	case uri == "":
		return refuse("uri", "Address can't be blank")
	case slices.ContainsFunc(s.subscriptions, func(w shopify.WebhookSubscription) bool { return w.Topic == topic && w.URI == uri }):
		return refuse("uri", "Address for this topic has already been taken")
	}
	sub := shopify.WebhookSubscription{ID: gidOf("WebhookSubscription", int64(len(s.subscriptions)+1)), Topic: topic, URI: uri}
	s.subscriptions = append(s.subscriptions, sub)
	return map[string]any{"webhookSubscriptionCreate": map[string]any{"webhookSubscription": sub, "userErrors": []any{}}}, 1
}

func (s *Server) sellingPlanGroups(vars map[string]any, _ *http.Request) (any, int) {
	nodes, info := page(s.shop.planGroups, vars, 5)
	return map[string]any{"sellingPlanGroups": map[string]any{"pageInfo": info, "nodes": nodes}}, len(nodes)
}

func (s *Server) automaticDiscounts(vars map[string]any, _ *http.Request) (any, int) {
	nodes, info := page(s.shop.discountNodes(s.now()), vars, 10)
	return map[string]any{"discountNodes": map[string]any{"pageInfo": info, "nodes": nodes}}, len(nodes)
}

// page cuts one page of size from all, after the cursor in vars["after"]:
// the stand-in's cursors are positions.
func page[T any](all []T, vars map[string]any, size int) ([]T, map[string]any) {
	start := 0
	if after, ok := vars["after"].(string); ok {
		fmt.Sscan(after, &start)
	}
	start = min(start, len(all))
	end := min(start+size, len(all))
	// A page of nothing is an empty list, as Shopify's connections never
	// answer null nodes.
	nodes := append([]T{}, all[start:end]...)
	return nodes, map[string]any{"hasNextPage": end < len(all), "endCursor": fmt.Sprint(end)}
}
