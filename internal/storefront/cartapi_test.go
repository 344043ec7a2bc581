package storefront_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// ajaxCart is what the tests read of /cart.js; money in cents.
type ajaxCart struct {
	Token              string            `json:"token"`
	Note               string            `json:"note"`
	Attributes         map[string]string `json:"attributes"`
	OriginalTotalPrice int64             `json:"original_total_price"`
	TotalPrice         int64             `json:"total_price"`
	TotalDiscount      int64             `json:"total_discount"`
	ItemCount          int               `json:"item_count"`
	Currency           string            `json:"currency"`
	Items              []ajaxItem        `json:"items"`
}

type ajaxItem struct {
	ID                           int64             `json:"id"`
	Key                          string            `json:"key"`
	Quantity                     int               `json:"quantity"`
	Properties                   map[string]string `json:"properties"`
	Price                        int64             `json:"price"`
	OriginalPrice                int64             `json:"original_price"`
	FinalPrice                   int64             `json:"final_price"`
	FinalLinePrice               int64             `json:"final_line_price"`
	OriginalLinePrice            int64             `json:"original_line_price"`
	LineLevelTotalDiscount       int64             `json:"line_level_total_discount"`
	LineLevelDiscountAllocations []struct {
		Amount              int64 `json:"amount"`
		DiscountApplication struct {
			Type, Title, Value, ValueType string
		} `json:"discount_application"`
	} `json:"line_level_discount_allocations"`
	SellingPlanAllocation map[string]any `json:"selling_plan_allocation"`
}

func TestCartAdd(t *testing.T) {
	for _, test := range []struct {
		name    string
		country string
		item    map[string]any
		want    ajaxItem
		// wantPlan is the selling plan allocation; wantAmounts its two
		// charge amounts, absent for fixed-amount plans.
		wantPlan    map[string]any
		wantAmounts []float64
	}{
		{name: "Normal", item: map[string]any{"id": oatCableXS, "quantity": 2},
			want: ajaxItem{Quantity: 2, Price: 12900, OriginalPrice: 12900, FinalPrice: 12900, FinalLinePrice: 25800, OriginalLinePrice: 25800}},
		{name: "Discounted", item: map[string]any{"id": harbourNavyXS, "quantity": 2},
			want: ajaxItem{Quantity: 2, Price: 11900, OriginalPrice: 11900, FinalPrice: 10710, FinalLinePrice: 21420,
				OriginalLinePrice: 23800, LineLevelTotalDiscount: 2380}},
		{name: "OtherMarket", country: "AU", item: map[string]any{"id": harbourNavyXS, "quantity": 1},
			want: ajaxItem{Quantity: 1, Price: 19900, OriginalPrice: 19900, FinalPrice: 17400, FinalLinePrice: 17400,
				OriginalLinePrice: 19900, LineLevelTotalDiscount: 2500}},
		{name: "PreorderPercentage", item: map[string]any{"id": snowfallSkyXS, "quantity": 1, "selling_plan": snowfallDeposit},
			want:        ajaxItem{Quantity: 1, Price: 15900, OriginalPrice: 15900, FinalPrice: 15900, FinalLinePrice: 15900, OriginalLinePrice: 15900},
			wantPlan:    map[string]any{"value_type": "percentage", "value": 20.0},
			wantAmounts: []float64{3180, 12720}},
		{name: "PreorderFixed", item: map[string]any{"id": berryPatchXS, "quantity": 1, "selling_plan": berryDeposit},
			want:     ajaxItem{Quantity: 1, Price: 13500, OriginalPrice: 13500, FinalPrice: 13500, FinalLinePrice: 13500, OriginalLinePrice: 13500},
			wantPlan: map[string]any{"value_type": "fixed_amount", "value": 4000.0}},
		{name: "PreorderFixedInPounds", country: "GB", item: map[string]any{"id": berryPatchXS, "quantity": 1, "selling_plan": berryDeposit},
			want:     ajaxItem{Quantity: 1, Price: 11500, OriginalPrice: 11500, FinalPrice: 11500, FinalLinePrice: 11500, OriginalLinePrice: 11500},
			wantPlan: map[string]any{"value_type": "fixed_amount", "value": 3500.0}},
		{name: "PayInFull", item: map[string]any{"id": snowfallSkyXS, "quantity": 1, "selling_plan": snowfallFull},
			want:        ajaxItem{Quantity: 1, Price: 15900, OriginalPrice: 15900, FinalPrice: 15900, FinalLinePrice: 15900, OriginalLinePrice: 15900},
			wantPlan:    map[string]any{"value_type": "percentage", "value": 100.0},
			wantAmounts: []float64{15900, 0}},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := newShop(t)
			if test.country != "" {
				s.setCountry(test.country)
			}
			a := s.postJSON("/cart/add.js", test.item)
			if a.status != http.StatusOK {
				t.Fatalf("add: %d %s", a.status, a.body)
			}
			var got ajaxItem
			a.json(t, &got)
			if got.ID == 0 || !strings.HasPrefix(got.Key, test.item["id"].(string)+":") {
				t.Errorf("id %d key %q: not the added variant's line", got.ID, got.Key)
			}
			money := func(i ajaxItem) []int64 {
				return []int64{int64(i.Quantity), i.Price, i.OriginalPrice, i.FinalPrice, i.FinalLinePrice, i.OriginalLinePrice, i.LineLevelTotalDiscount}
			}
			if !slices.Equal(money(got), money(test.want)) {
				t.Errorf("quantity, price, original, final, final line, original line, discount = %v, want %v", money(got), money(test.want))
			}
			if test.want.LineLevelTotalDiscount > 0 {
				if len(got.LineLevelDiscountAllocations) != 1 || got.LineLevelDiscountAllocations[0].Amount != test.want.LineLevelTotalDiscount ||
					got.LineLevelDiscountAllocations[0].DiscountApplication.Type != "automatic" {
					t.Errorf("discount allocations = %+v", got.LineLevelDiscountAllocations)
				}
			}
			checkPlan(t, got.SellingPlanAllocation, test.wantPlan, test.wantAmounts)

			var cart ajaxCart
			s.get("/cart.js").json(t, &cart)
			if cart.ItemCount != test.want.Quantity || cart.TotalPrice != test.want.FinalLinePrice ||
				cart.OriginalTotalPrice != test.want.OriginalLinePrice || cart.TotalDiscount != test.want.LineLevelTotalDiscount {
				t.Errorf("cart: %d items, total %d, original %d, discount %d", cart.ItemCount, cart.TotalPrice, cart.OriginalTotalPrice, cart.TotalDiscount)
			}
		})
	}
}

func checkPlan(t *testing.T, got, wantCharge map[string]any, wantAmounts []float64) {
	t.Helper()
	if wantCharge == nil {
		if got != nil {
			t.Errorf("a line bought outright has a selling plan allocation: %v", got)
		}
		return
	}
	plan, _ := got["selling_plan"].(map[string]any)
	charge, _ := plan["checkout_charge"].(map[string]any)
	if charge["value_type"] != wantCharge["value_type"] || charge["value"] != wantCharge["value"] {
		t.Errorf("checkout_charge = %v, want %v", charge, wantCharge)
	}
	for _, field := range []string{"price", "compare_at_price", "per_delivery_price", "price_adjustments"} {
		if _, ok := got[field]; !ok {
			t.Errorf("selling_plan_allocation lacks %s", field)
		}
	}
	upfront, hasUpfront := got["checkout_charge_amount"]
	remaining, hasRemaining := got["remaining_balance_charge_amount"]
	if wantAmounts == nil {
		if hasUpfront || hasRemaining {
			t.Errorf("a fixed-amount plan gives its amounts: %v, %v", upfront, remaining)
		}
		return
	}
	if upfront != wantAmounts[0] || remaining != wantAmounts[1] {
		t.Errorf("charge amounts = %v and %v, want %v", upfront, remaining, wantAmounts)
	}
}

func TestCartAddRefusals(t *testing.T) {
	for _, test := range []struct {
		name        string
		contentType string
		body        string
		status      int
		description string
	}{
		{"SoldOut", "application/json", `{"id": ` + heatherRaglanXS + `, "quantity": 1}`, http.StatusUnprocessableEntity,
			"The product 'Heather Raglan - Heather / XS' is already sold out."},
		{"MoreThanInStock", "application/json", `{"id": ` + oatCableS + `, "quantity": 5}`, http.StatusUnprocessableEntity,
			"You can only add 4 Oat Cable Sweater - Oat / S to the cart."},
		{"UnknownVariant", "application/json", `{"id": 42, "quantity": 1}`, http.StatusNotFound, "Cannot find variant"},
		{"PreorderWithoutPlan", "application/json", `{"id": ` + snowfallSkyXS + `}`, http.StatusUnprocessableEntity,
			"Variant can only be purchased with a selling plan."},
		{"ZeroQuantity", "application/json", `{"id": ` + oatCableXS + `, "quantity": 0}`, http.StatusUnprocessableEntity,
			"Quantity must be between 1 and 10000."},
		{"NoID", "application/json", `{"quantity": 1}`, http.StatusBadRequest, "Required parameter missing or invalid: id"},
		{"TextQuantity", "application/json", `{"id": ` + oatCableXS + `, "quantity": "two"}`, http.StatusBadRequest,
			"Required parameter missing or invalid: quantity"},
		{"EmptyItems", "application/json", `{"items": []}`, http.StatusBadRequest, "Required parameter missing or invalid: items"},
		{"BadJSON", "application/json", `{"id": `, http.StatusBadRequest, "The request body is not a JSON object."},
		{"NotAnObject", "application/json", `[1, 2]`, http.StatusBadRequest, "The request body is not a JSON object."},
		{"BadProperties", "application/json", `{"id": ` + oatCableXS + `, "properties": "gift"}`, http.StatusBadRequest,
			"Properties and attributes must be an object of texts."},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := newShop(t)
			a := s.post("/cart/add.js", test.contentType, test.body)
			var got struct {
				Status      int    `json:"status"`
				Message     string `json:"message"`
				Description string `json:"description"`
			}
			a.json(t, &got)
			if a.status != test.status || got.Status != test.status || got.Description != test.description || got.Message == "" {
				t.Errorf("%d %+v, want %d %q", a.status, got, test.status, test.description)
			}
			var cart ajaxCart
			s.get("/cart.js").json(t, &cart)
			if cart.ItemCount != 0 {
				t.Errorf("a refused add left %d items in the cart", cart.ItemCount)
			}
		})
	}
}

// TestCartFormPosts adds as Dawn's product form and CartJS do: form fields,
// with brackets for nested ones.
func TestCartFormPosts(t *testing.T) {
	s := newShop(t)
	a := s.postForm("/cart/add.js", url.Values{
		"id": {oatCableXS}, "quantity": {"1"}, "properties[Monogram]": {"RP"}, "form_type": {"product"}, "utf8": {"✓"},
	})
	if a.status != http.StatusOK {
		t.Fatalf("form add: %d %s", a.status, a.body)
	}
	var line ajaxItem
	a.json(t, &line)
	if line.Properties["Monogram"] != "RP" {
		t.Errorf("properties = %v", line.Properties)
	}
	many := s.postForm("/cart/add.js", url.Values{
		"items[0][id]": {oatCableS}, "items[0][quantity]": {"2"},
		"items[1][id]": {snowfallSkyXS}, "items[1][selling_plan]": {snowfallDeposit},
	})
	var added struct{ Items []ajaxItem }
	many.json(t, &added)
	if many.status != http.StatusOK || len(added.Items) != 2 || added.Items[0].Quantity != 2 || added.Items[1].SellingPlanAllocation == nil {
		t.Fatalf("items add: %d %s", many.status, many.body)
	}
	var cart ajaxCart
	s.get("/cart.js").json(t, &cart)
	if cart.ItemCount != 4 || len(cart.Items) != 3 || cart.Items[0].ID != added.Items[1].ID {
		t.Errorf("cart has %d items in %d lines, newest first expected: %+v", cart.ItemCount, len(cart.Items), cart.Items)
	}
	// A plain form goes on to the cart page.
	plain := s.postForm("/cart/add", url.Values{"id": {harbourNavyXS}})
	if plain.status != http.StatusFound || plain.header.Get("Location") != "/cart" {
		t.Errorf("POST /cart/add: %d to %q", plain.status, plain.header.Get("Location"))
	}
	// The lines are now harbour 1, snowfall 1, oat S 2, oat XS 1.
	update := s.postForm("/cart/update.js", url.Values{"updates[]": {"0", "1", "1", "1"}, "attributes[gift]": {"yes"}})
	var updated ajaxCart
	update.json(t, &updated)
	if update.status != http.StatusOK || updated.ItemCount != 3 || len(updated.Items) != 3 || updated.Attributes["gift"] != "yes" {
		t.Errorf("update.js from a form: %d %+v", update.status, updated)
	}
	if bad := s.postForm("/cart/update.js", url.Values{"updates[x][]": {"1"}}); bad.status != http.StatusBadRequest {
		t.Errorf("a malformed field name answered %d", bad.status)
	}
}

func TestCartChangeUpdateClear(t *testing.T) {
	s := newShop(t)
	s.postJSON("/cart/add.js", map[string]any{"items": []map[string]any{
		{"id": oatCableXS, "quantity": 1}, {"id": harbourNavyXS, "quantity": 1},
	}})
	var cart ajaxCart
	s.get("/cart.js").json(t, &cart)
	harbourKey, oatKey := cart.Items[0].Key, cart.Items[1].Key

	steps := []struct {
		name   string
		path   string
		body   map[string]any
		status int
		check  func(c ajaxCart) bool
	}{
		{"ChangeByKey", "/cart/change.js", map[string]any{"id": oatKey, "quantity": 3}, http.StatusOK,
			func(c ajaxCart) bool { return c.ItemCount == 4 && c.Items[1].Quantity == 3 }},
		{"ChangeByLine", "/cart/change.js", map[string]any{"line": 1, "quantity": 2}, http.StatusOK,
			func(c ajaxCart) bool { return c.Items[0].Key == harbourKey && c.Items[0].Quantity == 2 }},
		{"ChangeByVariant", "/cart/change.js", map[string]any{"id": 45123456000101, "quantity": 1}, http.StatusOK,
			func(c ajaxCart) bool { return c.Items[1].Quantity == 1 }},
		{"ChangeMoreThanInStock", "/cart/change.js", map[string]any{"id": oatKey, "quantity": 14}, http.StatusUnprocessableEntity,
			func(c ajaxCart) bool { return c.Items[1].Quantity == 1 }},
		{"ChangeUnknownLine", "/cart/change.js", map[string]any{"line": 7, "quantity": 1}, http.StatusBadRequest, nil},
		{"ChangeWithoutQuantity", "/cart/change.js", map[string]any{"line": 1}, http.StatusBadRequest, nil},
		{"UpdateNoteAndAttributes", "/cart/update.js", map[string]any{"note": "Gift wrap, please", "attributes": map[string]any{"source": "e2e"}},
			http.StatusOK, func(c ajaxCart) bool {
				return c.Note == "Gift wrap, please" && c.Attributes["source"] == "e2e" && c.ItemCount == 3
			}},
		{"UpdateQuantities", "/cart/update.js", map[string]any{"updates": map[string]any{harbourKey: 0, oatCableS: 1}}, http.StatusOK,
			func(c ajaxCart) bool { return c.ItemCount == 2 && len(c.Items) == 2 }},
		{"UpdateBadQuantities", "/cart/update.js", map[string]any{"updates": "all"}, http.StatusBadRequest, nil},
		{"ChangeToZeroRemoves", "/cart/change.js", map[string]any{"id": oatKey, "quantity": 0}, http.StatusOK,
			func(c ajaxCart) bool { return c.ItemCount == 1 }},
		{"Clear", "/cart/clear.js", map[string]any{}, http.StatusOK,
			func(c ajaxCart) bool { return c.ItemCount == 0 && len(c.Items) == 0 && c.Note == "Gift wrap, please" }},
	}
	for _, step := range steps {
		a := s.postJSON(step.path, step.body)
		if a.status != step.status {
			t.Fatalf("%s: %d %s, want %d", step.name, a.status, a.body, step.status)
		}
		if step.check == nil {
			continue
		}
		var answered, read ajaxCart
		if a.status == http.StatusOK {
			a.json(t, &answered)
		}
		s.get("/cart.js").json(t, &read)
		if !step.check(read) || (a.status == http.StatusOK && !step.check(answered)) {
			t.Fatalf("%s: the cart is now %+v", step.name, read)
		}
	}
}

func TestCartAnswersWithSections(t *testing.T) {
	s := newShop(t)
	a := s.postJSON("/cart/add.js", map[string]any{
		"id": oatCableXS, "sections": "cart-drawer,cart-icon-bubble", "sections_url": "/products/oat-cable-sweater",
	})
	var added struct {
		Key      string             `json:"key"`
		Sections map[string]*string `json:"sections"`
	}
	a.json(t, &added)
	if added.Key == "" || added.Sections["cart-drawer"] == nil || !strings.Contains(*added.Sections["cart-drawer"], "Oat Cable Sweater") {
		t.Fatalf("add.js with sections: %.400s", a.body)
	}
	if !strings.Contains(*added.Sections["cart-icon-bubble"], `<span aria-hidden="true">1</span>`) {
		t.Errorf("the cart icon does not count the added item: %s", *added.Sections["cart-icon-bubble"])
	}
	b := s.postJSON("/cart/change.js", map[string]any{"line": 1, "quantity": 2, "sections": []string{"cart-icon-bubble"}})
	var changed struct {
		ItemCount int                `json:"item_count"`
		Sections  map[string]*string `json:"sections"`
	}
	b.json(t, &changed)
	if changed.ItemCount != 2 || !strings.Contains(*changed.Sections["cart-icon-bubble"], `<span aria-hidden="true">2</span>`) {
		t.Errorf("change.js with sections: %.400s", b.body)
	}
	if plain := s.postJSON("/cart/change.js", map[string]any{"line": 1, "quantity": 2}); strings.Contains(plain.body, `"sections"`) {
		t.Error("an answer without sections asked for has a sections key")
	}
}

func TestCartsBelongToTheirShopper(t *testing.T) {
	s := newShop(t)
	s.postJSON("/cart/add.js", map[string]any{"id": oatCableXS})
	var mine, theirs ajaxCart
	s.get("/cart.js").json(t, &mine)
	other := s.shopper()
	other.get("/cart.js").json(t, &theirs)
	if mine.Token == theirs.Token || theirs.ItemCount != 0 || mine.ItemCount != 1 {
		t.Errorf("carts mixed up: mine %s with %d, theirs %s with %d", mine.Token, mine.ItemCount, theirs.Token, theirs.ItemCount)
	}
	// The cart follows the shopper's market: money at read time.
	s.setCountry("US")
	var dollars ajaxCart
	s.get("/cart.js").json(t, &dollars)
	if dollars.Currency != "USD" || dollars.OriginalTotalPrice != 13900 || dollars.TotalPrice != 13205 {
		t.Errorf("in the US: %s, original %d, total %d; want USD 13900 less 5 %%", dollars.Currency, dollars.OriginalTotalPrice, dollars.TotalPrice)
	}
}

// /cart.json is Shopify's other address of the cart as JSON: the same cart.
func TestCartJSONIsTheCartJS(t *testing.T) {
	s := newShop(t)
	s.postJSON("/cart/add.js", map[string]any{"id": oatCableXS})
	var js, json ajaxCart
	s.get("/cart.js").json(t, &js)
	s.get("/cart.json").json(t, &json)
	if json.Token != js.Token || json.ItemCount != 1 || json.TotalPrice != js.TotalPrice || len(json.Items) != 1 {
		t.Errorf("/cart.json = %+v, want /cart.js's %+v", json, js)
	}
}

func TestCartPageForms(t *testing.T) {
	s := newShop(t)
	s.postJSON("/cart/add.js", map[string]any{"id": oatCableXS, "quantity": 2})
	var cart ajaxCart
	s.get("/cart.js").json(t, &cart)
	page := s.get("/cart").body
	// With no pre-order, all of the total is due now.
	dueNow := fmt.Sprintf(`data-due-now="%d"`, cart.TotalPrice)
	if !strings.Contains(page, `type="CartItemPrice"`) || !strings.Contains(page, dueNow) {
		t.Errorf("the cart page lacks its price widgets or its totals (%s)", dueNow)
	}
	remove := s.get("/cart/change?id=" + url.QueryEscape(cart.Items[0].Key) + "&quantity=1")
	if remove.status != http.StatusFound {
		t.Fatalf("GET /cart/change: %d %s", remove.status, remove.body)
	}
	checkout := s.postForm("/cart", url.Values{"note": {"Thanks!"}, "checkout": {""}})
	if checkout.status != http.StatusFound || checkout.header.Get("Location") != "/checkouts/"+cart.Token {
		t.Errorf("checkout from the cart form: %d to %q", checkout.status, checkout.header.Get("Location"))
	}
	s.get("/cart.js").json(t, &cart)
	if cart.ItemCount != 1 || cart.Note != "Thanks!" {
		t.Errorf("after the forms: %d items, note %q", cart.ItemCount, cart.Note)
	}
}
