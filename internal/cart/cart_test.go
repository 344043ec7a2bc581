package cart_test

import (
	"errors"
	"slices"
	"testing"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Ids of the test catalogue.
const (
	sweaterOat  = 101 // 2 in stock, 150.00 EUR
	sweaterRust = 102 // sold out
	scarf       = 201 // the only variant of its product, 9 in stock, 40.00 EUR
	yokeSky     = 301 // pre-order, 159.00 EUR, three plans
	yokeCream   = 302 // in stock, not a pre-order

	depositPlan = 31 // 20 %
	fixedPlan   = 32 // 40 EUR, 65 AUD
	fullPlan    = 33 // 100 %
)

func prices(eur money.Amount) map[money.Market]catalog.Price {
	return map[money.Market]catalog.Price{money.LT: {Amount: eur}, money.AU: {Amount: eur * 2}}
}

func testCatalogue() *catalog.Index {
	return catalog.NewIndex(catalog.Document{Products: []catalog.Product{
		{ID: 1, Handle: "sweater", Title: "Sweater", Variants: []catalog.Variant{
			{ID: sweaterOat, Title: "Oat", Inventory: 2, Prices: prices(150_00)},
			{ID: sweaterRust, Title: "Rust", Inventory: 0, Prices: prices(150_00)},
		}},
		{ID: 2, Handle: "scarf", Title: "Scarf", Variants: []catalog.Variant{
			{ID: scarf, Title: "Default Title", Inventory: 9, Prices: prices(40_00)},
		}},
		{ID: 3, Handle: "yoke", Title: "Yoke", SellingPlans: []catalog.SellingPlan{
			{ID: depositPlan, Name: "Deposit", Charge: catalog.Charge{ValueType: catalog.ChargePercentage, Percent: 20_00}},
			{ID: fixedPlan, Name: "Fixed deposit", Charge: catalog.Charge{ValueType: catalog.ChargeFixedAmount,
				Amounts: map[money.Currency]money.Amount{money.EUR: 40_00, money.AUD: 65_00}}},
			{ID: fullPlan, Name: "Pay in full", Charge: catalog.Charge{ValueType: catalog.ChargePercentage, Percent: 100_00}},
		}, Variants: []catalog.Variant{
			{ID: yokeSky, Title: "Sky", Preorder: true, Prices: prices(159_00)},
			{ID: yokeCream, Title: "Cream", Inventory: 3, Prices: prices(159_00)},
		}},
	}})
}

func quantities(c cart.Cart) []int64 {
	var out []int64
	for _, l := range c.Lines {
		out = append(out, l.VariantID, int64(l.Quantity))
	}
	return out
}

func reasonOf(err error) cart.Reason {
	var r *cart.Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return 0
}

func TestAdd(t *testing.T) {
	cat := testCatalogue()
	for _, test := range []struct {
		name  string
		start []cart.Item
		add   []cart.Item
		// want is the lines as variant, quantity pairs, newest first.
		want       []int64
		wantReason cart.Reason
		wantText   string
	}{
		{name: "NewLineGoesFirst", start: []cart.Item{{VariantID: scarf, Quantity: 1}},
			add: []cart.Item{{VariantID: sweaterOat, Quantity: 1}}, want: []int64{sweaterOat, 1, scarf, 1}},
		{name: "SameVariantRaisesTheQuantity", start: []cart.Item{{VariantID: scarf, Quantity: 1}},
			add: []cart.Item{{VariantID: scarf, Quantity: 2}}, want: []int64{scarf, 3}},
		{name: "OtherPropertiesMakeAnotherLine", start: []cart.Item{{VariantID: scarf, Quantity: 1}},
			add:  []cart.Item{{VariantID: scarf, Quantity: 1, Properties: map[string]string{"Gift wrap": "yes"}}},
			want: []int64{scarf, 1, scarf, 1}},
		{name: "AnotherPlanMakesAnotherLine", start: []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: depositPlan}},
			add:  []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: fullPlan}},
			want: []int64{yokeSky, 1, yokeSky, 1}},
		{name: "PreordersHaveNoStockLimit", add: []cart.Item{{VariantID: yokeSky, Quantity: 40, SellingPlanID: depositPlan}},
			want: []int64{yokeSky, 40}},
		{name: "SeveralItemsAtOnce", add: []cart.Item{{VariantID: scarf, Quantity: 1}, {VariantID: sweaterOat, Quantity: 2}},
			want: []int64{sweaterOat, 2, scarf, 1}},
		{name: "SoldOut", add: []cart.Item{{VariantID: sweaterRust, Quantity: 1}},
			wantReason: cart.SoldOut, wantText: "The product 'Sweater - Rust' is already sold out."},
		{name: "MoreThanInStock", start: []cart.Item{{VariantID: sweaterOat, Quantity: 1}},
			add:        []cart.Item{{VariantID: sweaterOat, Quantity: 2}},
			wantReason: cart.NotEnoughStock, wantText: "You can only add 2 Sweater - Oat to the cart."},
		{name: "SingleVariantTitle", add: []cart.Item{{VariantID: scarf, Quantity: 10}},
			wantReason: cart.NotEnoughStock, wantText: "You can only add 9 Scarf to the cart."},
		{name: "UnknownVariant", add: []cart.Item{{VariantID: 999, Quantity: 1}},
			wantReason: cart.UnknownVariant, wantText: "Cannot find variant"},
		{name: "ZeroQuantity", add: []cart.Item{{VariantID: scarf, Quantity: 0}}, wantReason: cart.InvalidInput},
		{name: "PreorderWithoutPlan", add: []cart.Item{{VariantID: yokeSky, Quantity: 1}},
			wantReason: cart.SellingPlanRequired, wantText: "Variant can only be purchased with a selling plan."},
		{name: "PlanOnAVariantInStock", add: []cart.Item{{VariantID: yokeCream, Quantity: 1, SellingPlanID: depositPlan}},
			wantReason: cart.SellingPlanNotAvailable},
		{name: "PlanOfAnotherProduct", add: []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: 77}},
			wantReason: cart.SellingPlanNotAvailable},
		{name: "OneBadItemAddsNothing", start: []cart.Item{{VariantID: scarf, Quantity: 1}},
			add:        []cart.Item{{VariantID: scarf, Quantity: 1}, {VariantID: sweaterRust, Quantity: 1}},
			wantReason: cart.SoldOut},
	} {
		t.Run(test.name, func(t *testing.T) {
			var c cart.Cart
			if _, err := c.Add(cat, test.start); err != nil {
				t.Fatal(err)
			}
			before := quantities(c)
			keys, err := c.Add(cat, test.add)
			if test.wantReason != 0 {
				if reasonOf(err) != test.wantReason {
					t.Fatalf("err = %v, want reason %d", err, test.wantReason)
				}
				if test.wantText != "" && err.Error() != test.wantText {
					t.Errorf("description = %q, want %q", err, test.wantText)
				}
				if got := quantities(c); !slices.Equal(got, before) {
					t.Errorf("a refused add changed the cart: %v, was %v", got, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := quantities(c); !slices.Equal(got, test.want) {
				t.Errorf("lines = %v, want %v", got, test.want)
			}
			if len(keys) != len(test.add) {
				t.Errorf("keys = %v, want one per item", keys)
			}
		})
	}
}

func TestChange(t *testing.T) {
	cat := testCatalogue()
	start := func(t *testing.T) cart.Cart {
		var c cart.Cart
		if _, err := c.Add(cat, []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 1}}); err != nil {
			t.Fatal(err)
		}
		return c // sweaterOat, 1, scarf, 2
	}
	deposit, full := int64(depositPlan), int64(fullPlan)
	for _, test := range []struct {
		name       string
		ref        func(c cart.Cart) cart.LineRef
		quantity   int
		want       []int64
		wantReason cart.Reason
	}{
		{name: "ByKey", ref: func(c cart.Cart) cart.LineRef { return cart.LineRef{Key: c.Lines[1].Key()} }, quantity: 5,
			want: []int64{sweaterOat, 1, scarf, 5}},
		{name: "ByVariant", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{VariantID: sweaterOat} }, quantity: 2,
			want: []int64{sweaterOat, 2, scarf, 2}},
		{name: "ByLineNumber", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{Number: 2} }, quantity: 1,
			want: []int64{sweaterOat, 1, scarf, 1}},
		{name: "ZeroRemoves", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{Number: 1} }, quantity: 0,
			want: []int64{scarf, 2}},
		{name: "UnknownKey", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{Key: "201:nope"} }, quantity: 1,
			wantReason: cart.UnknownLine},
		{name: "LineNumberOutOfRange", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{Number: 3} }, quantity: 1,
			wantReason: cart.UnknownLine},
		{name: "MoreThanInStock", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{VariantID: sweaterOat} }, quantity: 3,
			wantReason: cart.NotEnoughStock},
		{name: "Negative", ref: func(cart.Cart) cart.LineRef { return cart.LineRef{Number: 1} }, quantity: -1,
			wantReason: cart.InvalidInput},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := start(t)
			err := c.Change(cat, test.ref(c), test.quantity, nil, nil)
			if test.wantReason != 0 {
				if reasonOf(err) != test.wantReason {
					t.Fatalf("err = %v, want reason %d", err, test.wantReason)
				}
				if got := quantities(c); !slices.Equal(got, []int64{sweaterOat, 1, scarf, 2}) {
					t.Errorf("a refused change changed the cart: %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := quantities(c); !slices.Equal(got, test.want) {
				t.Errorf("lines = %v, want %v", got, test.want)
			}
		})
	}

	t.Run("NewPlanMergesIntoTheLineWithThatPlan", func(t *testing.T) {
		var c cart.Cart
		if _, err := c.Add(cat, []cart.Item{
			{VariantID: yokeSky, Quantity: 1, SellingPlanID: depositPlan},
			{VariantID: yokeSky, Quantity: 2, SellingPlanID: fullPlan},
		}); err != nil {
			t.Fatal(err)
		}
		if err := c.Change(cat, cart.LineRef{Number: 1}, 2, nil, &deposit); err != nil {
			t.Fatal(err)
		}
		if got := quantities(c); !slices.Equal(got, []int64{yokeSky, 3}) || c.Lines[0].SellingPlanID != deposit {
			t.Errorf("lines = %v plan %d, want one line of 3 on the deposit plan", got, c.Lines[0].SellingPlanID)
		}
		if err := c.Change(cat, cart.LineRef{Number: 1}, 3, nil, &full); err != nil || c.Lines[0].SellingPlanID != full {
			t.Errorf("changing the plan: %v, plan %d", err, c.Lines[0].SellingPlanID)
		}
	})
}

func TestSetQuantities(t *testing.T) {
	cat := testCatalogue()
	var c cart.Cart
	if _, err := c.Add(cat, []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 1}}); err != nil {
		t.Fatal(err)
	}
	scarfKey := c.Lines[1].Key()
	if err := c.SetQuantities(cat, map[string]int{scarfKey: 4, "102": 0, "302": 1, "101": 0}); err != nil {
		t.Fatal(err)
	}
	if got, want := quantities(c), []int64{yokeCream, 1, scarf, 4}; !slices.Equal(got, want) {
		t.Errorf("lines = %v, want %v: the key's line set, a new variant added, a removed one gone", got, want)
	}
	for _, bad := range []map[string]int{{"301": 1}, {"201:none": 1}, {"abc": 1}, {scarfKey: 10}} {
		if err := c.SetQuantities(cat, bad); err == nil {
			t.Errorf("updates %v were taken", bad)
		}
	}
	if got, want := quantities(c), []int64{yokeCream, 1, scarf, 4}; !slices.Equal(got, want) {
		t.Errorf("refused updates changed the cart: %v", got)
	}
	if err := c.SetLineQuantities(cat, []int{0, 3}); err != nil {
		t.Fatal(err)
	}
	if got, want := quantities(c), []int64{scarf, 3}; !slices.Equal(got, want) {
		t.Errorf("lines = %v after update by line, want %v", got, want)
	}
}

func TestNoteAttributesAndClear(t *testing.T) {
	cat := testCatalogue()
	var c cart.Cart
	if _, err := c.Add(cat, []cart.Item{{VariantID: scarf, Quantity: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetNote("Please gift wrap"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetAttributes(map[string]string{"source": "instagram", "colour": "oat"}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetAttributes(map[string]string{"colour": ""}); err != nil {
		t.Fatal(err)
	}
	if len(c.Attributes) != 1 || c.Attributes["source"] != "instagram" {
		t.Errorf("attributes = %v, want the empty value to remove colour", c.Attributes)
	}
	c.Clear()
	if len(c.Lines) != 0 || c.Note != "Please gift wrap" || c.ItemCount() != 0 {
		t.Errorf("after clear: %+v, want no lines and the note kept", c)
	}
	long := make([]byte, cart.MaxNoteRunes+1)
	for i := range long {
		long[i] = 'a'
	}
	if err := c.SetNote(string(long)); reasonOf(err) != cart.InvalidInput || c.Note != "Please gift wrap" {
		t.Errorf("a note over the limit: %v, note %q", err, c.Note)
	}
}

func TestLineKey(t *testing.T) {
	a := cart.Line{VariantID: 201, Properties: map[string]string{"a": "1", "b": "2"}}
	b := cart.Line{VariantID: 201, Properties: map[string]string{"b": "2", "a": "1"}, Quantity: 7}
	if a.Key() != b.Key() {
		t.Errorf("the key depends on quantity or property order: %s vs %s", a.Key(), b.Key())
	}
	if (cart.Line{VariantID: 201}).Key() == (cart.Line{VariantID: 201, SellingPlanID: 1}).Key() {
		t.Error("the selling plan does not change the key")
	}
	if k := a.Key(); len(k) != len("201:")+32 || k[:4] != "201:" {
		t.Errorf("key %q is not variantId:hash", k)
	}
}

func TestTokens(t *testing.T) {
	token := cart.NewToken()
	if !cart.ValidToken(token) || token == cart.NewToken() {
		t.Errorf("token %q is not valid or not random", token)
	}
	for _, bad := range []string{"", "abc", token + "0", "G" + token[1:], "../../etc/passwd0000000000000000"} {
		if cart.ValidToken(bad) {
			t.Errorf("%q passed as a token", bad)
		}
	}
}

func TestPrice(t *testing.T) {
	cat := testCatalogue()
	tenPercent := discount.Result{Amount: 15_00, Currency: money.EUR, Percent: 10_00, Title: "10% off", RuleID: 1}
	for _, test := range []struct {
		name      string
		market    money.Market
		items     []cart.Item
		discounts map[int64]discount.Result
		// The first line's unit prices, and its charge when it has a plan.
		wantPrice, wantFinal       money.Amount
		wantUpfront, wantRemaining money.Amount
		wantOriginal, wantTotal    money.Amount
		wantTotalDiscount          money.Amount
		wantItemCount              int
		wantPlan                   bool
	}{
		{name: "Normal", market: money.LT, items: []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 1}},
			wantPrice: 150_00, wantFinal: 150_00, wantOriginal: 230_00, wantTotal: 230_00, wantItemCount: 3},
		{name: "Discounted", market: money.LT, items: []cart.Item{{VariantID: sweaterOat, Quantity: 2}},
			discounts: map[int64]discount.Result{sweaterOat: tenPercent},
			wantPrice: 150_00, wantFinal: 135_00, wantOriginal: 300_00, wantTotal: 270_00, wantTotalDiscount: 30_00, wantItemCount: 2},
		{name: "OtherMarket", market: money.AU, items: []cart.Item{{VariantID: scarf, Quantity: 1}},
			wantPrice: 80_00, wantFinal: 80_00, wantOriginal: 80_00, wantTotal: 80_00, wantItemCount: 1},
		{name: "PreorderPercentage", market: money.LT, items: []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: depositPlan}},
			wantPrice: 159_00, wantFinal: 159_00, wantUpfront: 31_80, wantRemaining: 127_20, wantPlan: true,
			wantOriginal: 159_00, wantTotal: 159_00, wantItemCount: 1},
		{name: "PreorderFixed", market: money.AU, items: []cart.Item{{VariantID: yokeSky, Quantity: 2, SellingPlanID: fixedPlan}},
			wantPrice: 318_00, wantFinal: 318_00, wantUpfront: 65_00, wantRemaining: 253_00, wantPlan: true,
			wantOriginal: 636_00, wantTotal: 636_00, wantItemCount: 2},
		{name: "PayInFull", market: money.LT, items: []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: fullPlan}},
			wantPrice: 159_00, wantFinal: 159_00, wantUpfront: 159_00, wantRemaining: 0, wantPlan: true,
			wantOriginal: 159_00, wantTotal: 159_00, wantItemCount: 1},
		{name: "DiscountedPreorderCapsTheChargeAtTheFinalPrice", market: money.LT,
			items:     []cart.Item{{VariantID: yokeSky, Quantity: 1, SellingPlanID: fullPlan}},
			discounts: map[int64]discount.Result{yokeSky: {Amount: 9_00, Currency: money.EUR}},
			wantPrice: 159_00, wantFinal: 150_00, wantUpfront: 150_00, wantRemaining: 0, wantPlan: true,
			wantOriginal: 159_00, wantTotal: 150_00, wantTotalDiscount: 9_00, wantItemCount: 1},
		{name: "DiscountAbovePriceIsCapped", market: money.LT, items: []cart.Item{{VariantID: scarf, Quantity: 1}},
			discounts: map[int64]discount.Result{scarf: {Amount: 99_00}},
			wantPrice: 40_00, wantFinal: 0, wantOriginal: 40_00, wantTotal: 0, wantTotalDiscount: 40_00, wantItemCount: 1},
	} {
		t.Run(test.name, func(t *testing.T) {
			var c cart.Cart
			if _, err := c.Add(cat, test.items); err != nil {
				t.Fatal(err)
			}
			p := cart.Price(c, test.market, cat, test.discounts)
			first := p.Lines[0]
			if first.Price != test.wantPrice || first.FinalPrice != test.wantFinal {
				t.Errorf("first line price %v final %v, want %v and %v", first.Price, first.FinalPrice, test.wantPrice, test.wantFinal)
			}
			if (first.Charge != nil) != test.wantPlan {
				t.Fatalf("charge = %+v, want a plan: %v", first.Charge, test.wantPlan)
			}
			if first.Charge != nil && (first.Charge.Upfront != test.wantUpfront || first.Charge.Remaining != test.wantRemaining) {
				t.Errorf("charge upfront %v remaining %v, want %v and %v", first.Charge.Upfront, first.Charge.Remaining, test.wantUpfront, test.wantRemaining)
			}
			if p.OriginalTotal != test.wantOriginal || p.Total != test.wantTotal || p.TotalDiscount != test.wantTotalDiscount {
				t.Errorf("totals original %v total %v discount %v, want %v, %v, %v",
					p.OriginalTotal, p.Total, p.TotalDiscount, test.wantOriginal, test.wantTotal, test.wantTotalDiscount)
			}
			if p.ItemCount != test.wantItemCount || p.Currency != test.market.Currency() {
				t.Errorf("item count %d currency %s, want %d and %s", p.ItemCount, p.Currency, test.wantItemCount, test.market.Currency())
			}
		})
	}

	t.Run("LinesOfVanishedVariantsAreLeftOut", func(t *testing.T) {
		c := cart.Cart{Lines: []cart.Line{{VariantID: 999, Quantity: 1}, {VariantID: scarf, Quantity: 1}}}
		p := cart.Price(c, money.LT, cat, nil)
		if len(p.Lines) != 1 || p.ItemCount != 1 || p.Total != 40_00 {
			t.Errorf("priced %+v, want only the scarf", p)
		}
	})
	t.Run("MarketWithoutPrices", func(t *testing.T) {
		c := cart.Cart{Lines: []cart.Line{{VariantID: scarf, Quantity: 1}}}
		if p := cart.Price(c, money.US, cat, nil); len(p.Lines) != 0 || p.Total != 0 {
			t.Errorf("priced %+v in a market without prices", p)
		}
	})
}

// A line's discount follows Shopify's arithmetic: a percentage is taken of
// the line's price and rounded once, half up, to the minor unit, which for
// several units can differ from the unit's rounded discount times the
// quantity; a fixed amount comes off each unit, or once off the whole line.
func TestLineDiscountFollowsShopify(t *testing.T) {
	cat := testCatalogue()
	third := func(price money.Amount) discount.Result {
		p := money.Percent(33_33)
		return discount.Result{Amount: p.Of(price), Currency: money.EUR, Percent: p, Title: "A third off", RuleID: 1, ValueType: discount.Percentage}
	}
	sevenOff := discount.Result{Amount: 7_00, Currency: money.EUR, Percent: 18_00, Title: "7 off", RuleID: 2, ValueType: discount.FixedAmount}
	sevenOffOnce := sevenOff
	sevenOffOnce.OnceAmount = 7_00
	fiftyOffOnce := discount.Result{Amount: 40_00, Currency: money.EUR, Percent: 100_00, Title: "50 off once", RuleID: 3,
		ValueType: discount.FixedAmount, OnceAmount: 50_00}
	for _, test := range []struct {
		name         string
		item         cart.Item
		discount     discount.Result
		wantDiscount money.Amount
	}{
		// 33.33 % of 40.00 is 13.332: 13.33 on one unit.
		{"PercentageOfOneUnit", cart.Item{VariantID: scarf, Quantity: 1}, third(40_00), 13_33},
		// Of the line's 120.00 it is 39.996: 40.00, not 3 × 13.33 = 39.99.
		{"PercentageOfTheLineRoundedOnce", cart.Item{VariantID: scarf, Quantity: 3}, third(40_00), 40_00},
		// 33.33 % of 150.00 is 49.995, half up to 50.00; of 300.00 it is 99.99, not 2 × 50.00.
		{"PercentageRoundsHalfUp", cart.Item{VariantID: sweaterOat, Quantity: 1}, third(150_00), 50_00},
		{"PercentageOfTwoUnits", cart.Item{VariantID: sweaterOat, Quantity: 2}, third(150_00), 99_99},
		{"FixedAmountOffEachUnit", cart.Item{VariantID: scarf, Quantity: 3}, sevenOff, 21_00},
		{"FixedAmountOnceOffOneUnit", cart.Item{VariantID: scarf, Quantity: 1}, sevenOffOnce, 7_00},
		{"FixedAmountOnceOffTheLine", cart.Item{VariantID: scarf, Quantity: 3}, sevenOffOnce, 7_00},
		// 50.00 once: one 40.00 unit takes 40.00, two take the whole 50.00.
		{"FixedAmountOnceAboveOneUnit", cart.Item{VariantID: scarf, Quantity: 2}, fiftyOffOnce, 50_00},
		{"FixedAmountOnceNeverBelowZero", cart.Item{VariantID: scarf, Quantity: 1}, fiftyOffOnce, 40_00},
	} {
		t.Run(test.name, func(t *testing.T) {
			var c cart.Cart
			if _, err := c.Add(cat, []cart.Item{test.item}); err != nil {
				t.Fatal(err)
			}
			p := cart.Price(c, money.LT, cat, map[int64]discount.Result{test.item.VariantID: test.discount})
			line := p.Lines[0]
			if got := line.LineDiscount(); got != test.wantDiscount {
				t.Errorf("line discount %v, want %v", got, test.wantDiscount)
			}
			if line.FinalLinePrice() != line.OriginalLinePrice()-test.wantDiscount ||
				p.TotalDiscount != test.wantDiscount || p.Total != p.OriginalTotal-test.wantDiscount {
				t.Errorf("final line price %v, totals %v of %v with %v off; want %v off",
					line.FinalLinePrice(), p.Total, p.OriginalTotal, p.TotalDiscount, test.wantDiscount)
			}
		})
	}
}

// An amount taken once per order is shared by every line its rule discounts,
// in proportion to their price, and never comes to more than their price.
func TestOnceAmountIsSharedByTheLines(t *testing.T) {
	cat := testCatalogue()
	once := func(id int64, amount money.Amount) discount.Result {
		return discount.Result{Amount: amount, Currency: money.EUR, Title: "once", RuleID: id, ValueType: discount.FixedAmount, OnceAmount: amount}
	}
	perUnit := discount.Result{Amount: 3_00, Currency: money.EUR, Title: "3 off", RuleID: 9, ValueType: discount.FixedAmount}
	for _, test := range []struct {
		name      string
		items     []cart.Item
		discounts map[int64]discount.Result
		// wantLines is each line's discount in cart order: the line added
		// last comes first.
		wantLines []money.Amount
	}{
		// 10.00 over 150.00 and 40.00: 7.894… and 2.105…, rounded down to
		// 7.89 and 2.10; the cent left goes to the first line.
		{"SharedInProportion", []cart.Item{{VariantID: scarf, Quantity: 1}, {VariantID: sweaterOat, Quantity: 1}},
			map[int64]discount.Result{scarf: once(1, 10_00), sweaterOat: once(1, 10_00)}, []money.Amount{7_90, 2_10}},
		{"QuantityWeighsIn", []cart.Item{{VariantID: scarf, Quantity: 3}, {VariantID: sweaterOat, Quantity: 1}},
			map[int64]discount.Result{scarf: once(1, 27_00), sweaterOat: once(1, 27_00)}, []money.Amount{15_00, 12_00}},
		{"NeverMoreThanTheLines", []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 1}},
			map[int64]discount.Result{scarf: once(1, 500_00), sweaterOat: once(1, 500_00)}, []money.Amount{150_00, 80_00}},
		{"EachRuleOnce", []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 2}},
			map[int64]discount.Result{scarf: once(1, 5_00), sweaterOat: once(2, 6_00)}, []money.Amount{6_00, 5_00}},
		{"ALinePerUnitBeside", []cart.Item{{VariantID: scarf, Quantity: 2}, {VariantID: sweaterOat, Quantity: 2}},
			map[int64]discount.Result{scarf: perUnit, sweaterOat: once(1, 6_00)}, []money.Amount{6_00, 6_00}},
	} {
		t.Run(test.name, func(t *testing.T) {
			var c cart.Cart
			if _, err := c.Add(cat, test.items); err != nil {
				t.Fatal(err)
			}
			p := cart.Price(c, money.LT, cat, test.discounts)
			var got []money.Amount
			var sum money.Amount
			for _, l := range p.Lines {
				got = append(got, l.LineDiscount())
				sum += l.LineDiscount()
			}
			if !slices.Equal(got, test.wantLines) || p.TotalDiscount != sum || p.Total != p.OriginalTotal-sum {
				t.Errorf("line discounts %v (total %v of %v, %v off), want %v", got, p.Total, p.OriginalTotal, p.TotalDiscount, test.wantLines)
			}
		})
	}
}
