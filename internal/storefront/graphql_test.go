package storefront_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

const graphQLPath = "/api/2026-10/graphql.json"

// The queries the widgets send.
const (
	cartCreateQuery = `mutation cartCreate($input: CartInput) {
  cartCreate(input: $input) {
    cart { id checkoutUrl totalQuantity buyerIdentity { countryCode email phone } note
      lines(first: 50) { edges { node { id quantity
        merchandise { ... on ProductVariant { id } }
        discountAllocations { discountedAmount { amount currencyCode } } } } } }
    userErrors { code field message }
  }
}`
	cartLinesAddQuery = `mutation cartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
  cartLinesAdd(cartId: $cartId, lines: $lines) {
    cart { id totalQuantity lines(first: 50) { nodes { id quantity merchandise { ... on ProductVariant { id } } } } }
    userErrors { code field message }
  }
}`
	preorderQuery = `query preorder($handle: String!) {
  product(handle: $handle) {
    variants(first: 10) { nodes { id title sku metafield(namespace: "custom", key: "preordercontent") { value } } }
  }
}`
)

type userError struct {
	Code    string   `json:"code"`
	Field   []string `json:"field"`
	Message string   `json:"message"`
}

type gqlCart struct {
	ID            string `json:"id"`
	CheckoutURL   string `json:"checkoutUrl"`
	TotalQuantity int    `json:"totalQuantity"`
	BuyerIdentity struct {
		CountryCode, Email, Phone *string
	} `json:"buyerIdentity"`
	Note  *string `json:"note"`
	Lines struct {
		Edges []struct{ Node gqlLine } `json:"edges"`
		Nodes []gqlLine                `json:"nodes"`
	} `json:"lines"`
}

type gqlLine struct {
	ID                  string `json:"id"`
	Quantity            int    `json:"quantity"`
	Merchandise         struct{ ID string }
	DiscountAllocations []struct {
		DiscountedAmount struct{ Amount, CurrencyCode string }
	} `json:"discountAllocations"`
}

type gqlPayload struct {
	Cart       *gqlCart    `json:"cart"`
	UserErrors []userError `json:"userErrors"`
}

type gqlAnswer struct {
	Data struct {
		CartCreate   *gqlPayload `json:"cartCreate"`
		CartLinesAdd *gqlPayload `json:"cartLinesAdd"`
		Product      *struct {
			Variants struct {
				Nodes []struct {
					ID, Title string
					SKU       *string `json:"sku"`
					Metafield *struct{ Value string }
				}
			}
		} `json:"product"`
	} `json:"data"`
	Errors []struct{ Message string } `json:"errors"`
}

func (s *shop) graphQL(query string, variables map[string]any) gqlAnswer {
	s.t.Helper()
	b, _ := json.Marshal(map[string]any{"query": query, "variables": variables})
	req, _ := http.NewRequest(http.MethodPost, s.server.URL+graphQLPath, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Shopify-Storefront-Access-Token", "any-public-token")
	a := s.do(req)
	if a.status != http.StatusOK {
		s.t.Fatalf("GraphQL answered %d: %s", a.status, a.body)
	}
	var out gqlAnswer
	a.json(s.t, &out)
	return out
}

func line(variant string, quantity int) map[string]any {
	return map[string]any{"merchandiseId": "gid://shopify/ProductVariant/" + variant, "quantity": quantity}
}

func TestCartCreate(t *testing.T) {
	s := newShop(t)
	got := s.graphQL(cartCreateQuery, map[string]any{"input": map[string]any{
		"lines":         []any{line(harbourNavyXS, 2)},
		"buyerIdentity": map[string]any{"countryCode": "AU", "email": "ruta@example.com", "phone": "+61 400 000 000"},
		"note":          "For my sister",
	}})
	if len(got.Errors) > 0 || got.Data.CartCreate == nil || got.Data.CartCreate.Cart == nil {
		t.Fatalf("cartCreate: %+v", got)
	}
	cart := got.Data.CartCreate.Cart
	token, ok := strings.CutPrefix(cart.ID, "gid://shopify/Cart/")
	if !ok || len(token) != 32 {
		t.Errorf("id %q is not a Shopify cart id", cart.ID)
	}
	if cart.CheckoutURL != s.server.URL+"/checkouts/"+token {
		t.Errorf("checkoutUrl = %q", cart.CheckoutURL)
	}
	if cart.TotalQuantity != 2 || *cart.Note != "For my sister" || *cart.BuyerIdentity.CountryCode != "AU" ||
		*cart.BuyerIdentity.Email != "ruta@example.com" || *cart.BuyerIdentity.Phone != "+61 400 000 000" {
		t.Errorf("cart = %+v", cart)
	}
	if len(cart.Lines.Edges) != 1 {
		t.Fatalf("lines = %+v", cart.Lines)
	}
	l := cart.Lines.Edges[0].Node
	if l.Quantity != 2 || l.Merchandise.ID != "gid://shopify/ProductVariant/"+harbourNavyXS || !strings.HasPrefix(l.ID, "gid://shopify/CartLine/") {
		t.Errorf("line = %+v", l)
	}
	// The AUD fixed discount, 25.00 a unit, beats 10 % of 199.00.
	if len(l.DiscountAllocations) != 1 || l.DiscountAllocations[0].DiscountedAmount.Amount != "50.00" ||
		l.DiscountAllocations[0].DiscountedAmount.CurrencyCode != "AUD" {
		t.Errorf("discount allocations = %+v", l.DiscountAllocations)
	}
	if page := s.get("/checkouts/" + token); page.status != http.StatusOK || !strings.Contains(page.body, "2 item(s)") {
		t.Errorf("the checkout page of the cart: %d %s", page.status, page.body)
	}

	empty := s.graphQL(cartCreateQuery, map[string]any{"input": map[string]any{}})
	if c := empty.Data.CartCreate.Cart; c == nil || c.TotalQuantity != 0 || c.BuyerIdentity.CountryCode != nil {
		t.Errorf("an empty cart: %+v", empty)
	}
}

func TestCartLinesAdd(t *testing.T) {
	s := newShop(t)
	created := s.graphQL(cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{line(oatCableXS, 1)}}})
	id := created.Data.CartCreate.Cart.ID
	got := s.graphQL(cartLinesAddQuery, map[string]any{"cartId": id, "lines": []any{line(oatCableXS, 2), line(harbourNavyXS, 1)}})
	p := got.Data.CartLinesAdd
	if len(got.Errors) > 0 || p == nil || p.Cart == nil || len(p.UserErrors) != 0 {
		t.Fatalf("cartLinesAdd: %+v", got)
	}
	if p.Cart.ID != id || p.Cart.TotalQuantity != 4 || len(p.Cart.Lines.Nodes) != 2 || p.Cart.Lines.Nodes[1].Quantity != 3 {
		t.Errorf("cart = %+v, want the oat sweater raised to 3 and the harbour sweater added first", p.Cart)
	}
	withPlan := s.graphQL(cartLinesAddQuery, map[string]any{"cartId": id, "lines": []any{map[string]any{
		"merchandiseId": "gid://shopify/ProductVariant/" + snowfallSkyXS, "sellingPlanId": "gid://shopify/SellingPlan/" + snowfallDeposit,
	}}})
	if c := withPlan.Data.CartLinesAdd.Cart; c == nil || c.TotalQuantity != 5 {
		t.Errorf("a pre-order with its plan: %+v", withPlan)
	}
}

func TestCartMutationsReportUserErrors(t *testing.T) {
	s := newShop(t)
	existing := s.graphQL(cartCreateQuery, map[string]any{"input": map[string]any{}}).Data.CartCreate.Cart.ID
	for _, test := range []struct {
		name      string
		query     string
		variables map[string]any
		want      userError
	}{
		{"CreateWithUnknownVariant", cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{line("42", 1)}}},
			userError{"INVALID", []string{"input", "lines", "0", "merchandiseId"}, "The merchandise with id gid://shopify/ProductVariant/42 does not exist."}},
		{"CreateWithAProductID", cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{map[string]any{"merchandiseId": "gid://shopify/Product/1"}}}},
			userError{"INVALID", []string{"input", "lines", "0", "merchandiseId"}, "The merchandise with id gid://shopify/Product/1 does not exist."}},
		{"CreateSoldOut", cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{line(oatCableXS, 1), line(heatherRaglanXS, 1)}}},
			userError{"MERCHANDISE_OUT_OF_STOCK", []string{"input", "lines", "1"}, "The product 'Heather Raglan - Heather / XS' is already sold out."}},
		{"CreateTooMany", cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{line(oatCableS, 9)}}},
			userError{"MERCHANDISE_NOT_ENOUGH_STOCK", []string{"input", "lines", "0"}, "You can only add 4 Oat Cable Sweater - Oat / S to the cart."}},
		{"CreateZeroQuantity", cartCreateQuery, map[string]any{"input": map[string]any{"lines": []any{line(oatCableXS, 0)}}},
			userError{"INVALID_MERCHANDISE_LINE", []string{"input", "lines", "0"}, "Quantity must be between 1 and 10000."}},
		{"CreateBadEmail", cartCreateQuery, map[string]any{"input": map[string]any{"buyerIdentity": map[string]any{"email": "not an address"}}},
			userError{"INVALID", []string{"input", "buyerIdentity", "email"}, "Email is invalid"}},
		{"AddEmptyLines", cartLinesAddQuery, map[string]any{"cartId": existing, "lines": []any{}},
			userError{"INVALID", []string{"lines"}, "lines are required"}},
		{"AddToUnknownCart", cartLinesAddQuery, map[string]any{"cartId": "gid://shopify/Cart/0123456789abcdef0123456789abcdef", "lines": []any{line(oatCableXS, 1)}},
			userError{"INVALID", []string{"cartId"}, "The specified cart does not exist."}},
		{"AddToMalformedCartID", cartLinesAddQuery, map[string]any{"cartId": "42", "lines": []any{line(oatCableXS, 1)}},
			userError{"INVALID", []string{"cartId"}, "The specified cart does not exist."}},
		{"AddPreorderWithoutPlan", cartLinesAddQuery, map[string]any{"cartId": existing, "lines": []any{line(snowfallSkyXS, 1)}},
			userError{"INVALID", []string{"lines", "0"}, "Variant can only be purchased with a selling plan."}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got := s.graphQL(test.query, test.variables)
			p := got.Data.CartCreate
			if p == nil {
				p = got.Data.CartLinesAdd
			}
			if len(got.Errors) > 0 || p == nil {
				t.Fatalf("answer %+v, want userErrors", got)
			}
			if p.Cart != nil || len(p.UserErrors) != 1 {
				t.Fatalf("payload %+v, want no cart and one user error", p)
			}
			e := p.UserErrors[0]
			if e.Code != test.want.Code || strings.Join(e.Field, ".") != strings.Join(test.want.Field, ".") || e.Message != test.want.Message {
				t.Errorf("user error %+v, want %+v", e, test.want)
			}
		})
	}
	after := s.graphQL(cartLinesAddQuery, map[string]any{"cartId": existing, "lines": []any{line(oatCableXS, 1)}})
	if after.Data.CartLinesAdd.Cart.TotalQuantity != 1 {
		t.Errorf("refused additions changed the cart: %+v", after.Data.CartLinesAdd.Cart)
	}
}

func TestProductQuery(t *testing.T) {
	s := newShop(t)
	got := s.graphQL(preorderQuery, map[string]any{"handle": "snowfall-yoke-sweater"})
	if len(got.Errors) > 0 || got.Data.Product == nil {
		t.Fatalf("product: %+v", got)
	}
	nodes := got.Data.Product.Variants.Nodes
	if len(nodes) != 10 {
		t.Fatalf("%d variants, want the first 10 of 15", len(nodes))
	}
	first := nodes[0]
	if first.ID != "gid://shopify/ProductVariant/"+snowfallSkyXS || first.Title != "Sky / XS" || *first.SKU != "KF-SW06-SKY-XS" ||
		first.Metafield == nil || first.Metafield.Value != "Ships in early February — knitted to order" {
		t.Errorf("first variant = %+v", first)
	}
	plain := s.graphQL(preorderQuery, map[string]any{"handle": "oat-cable-sweater"})
	if m := plain.Data.Product.Variants.Nodes[0].Metafield; m != nil {
		t.Errorf("a variant without pre-order content has the metafield %+v", m)
	}
	if none := s.graphQL(preorderQuery, map[string]any{"handle": "nope"}); none.Data.Product != nil || len(none.Errors) > 0 {
		t.Errorf("an unknown product: %+v", none)
	}
}

// TestBadGraphQLRequests sends what a careless or hostile client might: every
// answer is a GraphQL error or an HTTP error, never a crash.
func TestBadGraphQLRequests(t *testing.T) {
	s := newShop(t)
	for _, test := range []struct {
		name, query string
		variables   map[string]any
		wantError   string
	}{
		{"Syntax", `mutation { cartCreate(`, nil, "syntax error"},
		{"UnknownField", `{ shop { name } }`, nil, "Cannot query field"},
		{"UnknownCountry", cartCreateQuery, map[string]any{"input": map[string]any{"buyerIdentity": map[string]any{"countryCode": "XX"}}}, "CountryCode"},
		{"MissingFirst", `{ product(handle: "oat-cable-sweater") { variants { nodes { id } } } }`, nil, "first or last"},
		{"TooManyAtOnce", `{ product(handle: "oat-cable-sweater") { variants(first: 5000) { nodes { id } } } }`, nil, "first must be"},
		{"NoHandle", `{ product { id } }`, nil, "handle or an id"},
		{"WrongVariableType", cartLinesAddQuery, map[string]any{"cartId": 7, "lines": "many"}, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			got := s.graphQL(test.query, test.variables)
			if len(got.Errors) == 0 {
				t.Fatalf("no error for %s: %+v", test.name, got)
			}
			if !strings.Contains(got.Errors[0].Message, test.wantError) {
				t.Errorf("error %q, want one about %q", got.Errors[0].Message, test.wantError)
			}
		})
	}
	for _, test := range []struct {
		name, path, body string
		status           int
	}{
		{"NotJSON", graphQLPath, `query`, http.StatusBadRequest},
		{"NoQuery", graphQLPath, `{}`, http.StatusBadRequest},
		{"UnknownVersion", "/api/2025-11/graphql.json", `{"query": "{ product(handle: \"x\") { id } }"}`, http.StatusNotFound},
	} {
		t.Run(test.name, func(t *testing.T) {
			if a := s.post(test.path, "application/json", test.body); a.status != test.status {
				t.Errorf("%d, want %d: %s", a.status, test.status, a.body)
			}
		})
	}
}

func TestAGraphQLRequestAsksForAtMostTenRootFields(t *testing.T) {
	const maxRootFields = 10
	s := newShop(t)
	for _, test := range []struct {
		name, field string
		n           int
	}{
		{"cart creations", "cartCreate{cart{id}}", 599},
		{"product reads", `product(handle: "oat-cable-sweater") { id }`, 50},
		{"as many as allowed", "cartCreate{cart{id}}", maxRootFields},
	} {
		t.Run(test.name, func(t *testing.T) {
			var query strings.Builder
			query.WriteString("mutation {")
			if strings.HasPrefix(test.field, "product") {
				query.Reset()
				query.WriteString("{")
			}
			for i := range test.n {
				fmt.Fprintf(&query, " a%d:%s", i, test.field)
			}
			query.WriteString(" }")
			b, _ := json.Marshal(map[string]any{"query": query.String()})
			a := s.post(graphQLPath, "application/json", string(b))
			var got struct {
				Data   map[string]*json.RawMessage `json:"data"`
				Errors []struct{ Message string }  `json:"errors"`
			}
			a.json(t, &got)
			answered := 0
			for _, v := range got.Data {
				if v != nil && string(*v) != "null" {
					answered++
				}
			}
			if want := min(test.n, maxRootFields); answered != want {
				t.Errorf("%d of %d root fields answered, want %d", answered, test.n, want)
			}
			if refused := test.n - maxRootFields; refused > 0 && (len(got.Errors) != refused || !strings.Contains(got.Errors[0].Message, "at most 10")) {
				t.Errorf("%d errors (%v), want %d saying at most 10", len(got.Errors), got.Errors[:min(1, len(got.Errors))], refused)
			}
		})
	}
}
