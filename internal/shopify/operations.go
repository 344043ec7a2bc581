package shopify

import (
	"embed"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

//go:embed queries/*.graphql
var queries embed.FS

// Operation is one GraphQL operation knitfront sends, read from its
// .graphql file.
type Operation struct {
	Name  string
	Query string
	// ExpectedCost is about what Shopify charges for it, so the client can
	// wait for the bucket before it sends rather than be throttled.
	ExpectedCost float64
}

// document is the operation of the .graphql file name with each fragment it
// spreads, directly or through another fragment, written in place as an
// inline fragment. Each fragment is in its own file named for it, so that
// the bulk query and the one-product query share their fields; written in
// place, because Shopify's bulk operation guide names the query shapes it
// takes (connections, nesting) and says nothing of fragment definitions, and
// an inline fragment is plain to every query.
func document(name string) string {
	doc := parseQueryFile(name)
	fragments := map[string]*ast.FragmentDefinition{}
	for _, op := range doc.Operations {
		op.SelectionSet = inlineFragments(op.SelectionSet, fragments)
	}
	var b strings.Builder
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatQueryDocument(&ast.QueryDocument{Operations: doc.Operations})
	return strings.TrimSpace(b.String())
}

// inlineFragments replaces each fragment spread of set with its fragment's
// selections under the same type condition.
func inlineFragments(set ast.SelectionSet, fragments map[string]*ast.FragmentDefinition) ast.SelectionSet {
	for i, selection := range set {
		switch s := selection.(type) {
		case *ast.Field:
			s.SelectionSet = inlineFragments(s.SelectionSet, fragments)
		case *ast.InlineFragment:
			s.SelectionSet = inlineFragments(s.SelectionSet, fragments)
		case *ast.FragmentSpread:
			fragment, ok := fragments[s.Name]
			if !ok {
				fragment = parseQueryFile(s.Name).Fragments.ForName(s.Name)
				if fragment == nil {
					panic("shopify: " + s.Name + ".graphql defines no fragment " + s.Name)
				}
				fragments[s.Name] = fragment
			}
			set[i] = &ast.InlineFragment{
				TypeCondition: fragment.TypeCondition,
				SelectionSet:  inlineFragments(fragment.SelectionSet, fragments),
			}
		}
	}
	return set
}

func parseQueryFile(name string) *ast.QueryDocument {
	b, err := queries.ReadFile("queries/" + name + ".graphql")
	if err != nil {
		panic("shopify: no query file for " + name)
	}
	doc, err := parser.ParseQuery(&ast.Source{Name: name + ".graphql", Input: string(b)})
	if err != nil {
		panic("shopify: " + err.Error())
	}
	return doc
}

// operation is the operation of the .graphql file name, its fragments
// written in place.
func operation(name string, expectedCost float64) Operation {
	return Operation{Name: name, Query: document(name), ExpectedCost: expectedCost}
}

// generated is an operation of the typed client genqlient generated
// (generated.go), whose query it sends.
func generated(name, query string, expectedCost float64) Operation {
	return Operation{Name: name, Query: query, ExpectedCost: expectedCost}
}

// The operations a sync and the webhook worker send, named as the stand-in
// and Shopify's logs see them.
var (
	AccessScopesOp         = generated("AccessScopes", AccessScopes_Operation, 1)
	RunBulkQueryOp         = generated("RunBulkQuery", RunBulkQuery_Operation, 10)
	CurrentBulkOperationOp = generated("CurrentBulkOperation", CurrentBulkOperation_Operation, 1)
	SellingPlanGroupsOp    = generated("SellingPlanGroups", SellingPlanGroups_Operation, 560)
	AutomaticDiscountsOp   = generated("AutomaticDiscounts", AutomaticDiscounts_Operation, 170)
	ProductOp              = generated("Product", Product_Operation, 150)
	InventoryItemProductOp = generated("InventoryItemProduct", InventoryItemProduct_Operation, 23)
	// The operations of `knitfront webhooks`.
	WebhookSubscriptionsOp      = generated("WebhookSubscriptions", WebhookSubscriptions_Operation, 102)
	WebhookSubscriptionCreateOp = generated("WebhookSubscriptionCreate", WebhookSubscriptionCreate_Operation, 10)
)

// ProductsBulkOp is the bulk query of a full sync, sent as the query
// argument of RunBulkQuery, its fragments written in place.
var ProductsBulkOp = operation("ProductsBulk", 0)

// Operations is every document knitfront sends to the Admin API, as it
// sends it, the bulk query among them, for a check against Shopify's schema.
func Operations() []Operation {
	return []Operation{
		AccessScopesOp, RunBulkQueryOp, CurrentBulkOperationOp, SellingPlanGroupsOp,
		AutomaticDiscountsOp, ProductOp, InventoryItemProductOp,
		WebhookSubscriptionsOp, WebhookSubscriptionCreateOp, ProductsBulkOp,
		ShopIDOp, MetafieldsSetOp,
	}
}

// expectedCost is the expected cost of the operation named.
func expectedCost(name string) float64 {
	for _, op := range Operations() {
		if op.Name == name {
			return op.ExpectedCost
		}
	}
	return 0
}
