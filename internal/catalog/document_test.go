package catalog

import (
	"fmt"
	"strings"
	"testing"

	"knitfront/internal/money"
)

func validDocument() Document {
	allMarkets := map[money.Market]Price{money.LT: {Amount: 100}, money.AU: {Amount: 200}, money.GB: {Amount: 90}, money.US: {Amount: 110}}
	return Document{
		Knitters:    []Knitter{{ID: 1, Name: "Ona"}},
		Collections: []Collection{{ID: 10, Handle: "hats", Title: "Hats"}},
		Products: []Product{{
			ID: 100, Handle: "hat", Title: "Hat", KnitterID: 1, Collections: []string{"hats"}, Options: []string{"Colour"},
			SellingPlans: []SellingPlan{{ID: 5, Name: "Deposit", Charge: Charge{ValueType: ChargePercentage, Percent: 2000}}},
			Variants: []Variant{
				{ID: 1000, Title: "Oat", Options: []string{"Oat"}, Inventory: 1, Prices: allMarkets},
				{ID: 1001, Title: "Rust", Options: []string{"Rust"}, Preorder: true, Prices: allMarkets},
			},
		}},
	}
}

func TestValidateAcceptsAGoodDocument(t *testing.T) {
	if err := validDocument().Validate(); err != nil {
		t.Fatal(err)
	}
	if err := (Document{}).Validate(); err != nil {
		t.Errorf("an empty document changes nothing and is valid: %v", err)
	}
}

func TestValidateNamesTheField(t *testing.T) {
	for _, test := range []struct {
		name   string
		change func(d *Document)
		want   string
	}{
		{"duplicate knitter id", func(d *Document) { d.Knitters = append(d.Knitters, Knitter{ID: 1, Name: "B"}) }, "knitters[1].id"},
		{"knitter without a name", func(d *Document) { d.Knitters[0].Name = "" }, "knitters[0].name"},
		{"bad collection handle", func(d *Document) { d.Collections[0].Handle = "Hats!" }, "collections[0].handle"},
		{"bad product handle", func(d *Document) { d.Products[0].Handle = "a hat" }, "products[0].handle"},
		{"unknown knitter", func(d *Document) { d.Products[0].KnitterID = 9 }, "products[0].knitter_id"},
		{"unknown collection", func(d *Document) { d.Products[0].Collections = []string{"socks"} }, "products[0].collections"},
		{"no variants", func(d *Document) { d.Products[0].Variants = nil }, "products[0].variants"},
		{"duplicate variant id", func(d *Document) { d.Products[0].Variants[1].ID = 1000 }, "products[0].variants[1].id"},
		{"option count", func(d *Document) { d.Products[0].Variants[0].Options = nil }, "products[0].variants[0].options"},
		{"negative inventory", func(d *Document) { d.Products[0].Variants[0].Inventory = -1 }, "products[0].variants[0].inventory"},
		{"pre-order without plans", func(d *Document) { d.Products[0].SellingPlans = nil }, "products[0].variants[1].preorder"},
		{"missing market price", func(d *Document) {
			d.Products[0].Variants[0].Prices = map[money.Market]Price{money.LT: {Amount: 100}}
		}, "has no price for market AU"},
		{"zero price", func(d *Document) {
			p := map[money.Market]Price{money.LT: {Amount: 0}, money.AU: {Amount: 1}, money.GB: {Amount: 1}, money.US: {Amount: 1}}
			d.Products[0].Variants[0].Prices = p
		}, "prices.LT.amount"},
		{"unknown market", func(d *Document) {
			d.Products[0].Variants[0].Prices = map[money.Market]Price{money.LT: {Amount: 1}, money.AU: {Amount: 1}, money.GB: {Amount: 1}, money.US: {Amount: 1}, "DE": {Amount: 1}}
		}, `"DE" is not one of the markets`},
		{"fixed plan missing a currency", func(d *Document) {
			d.Products[0].SellingPlans[0].Charge = Charge{ValueType: ChargeFixedAmount, Amounts: map[money.Currency]money.Amount{money.EUR: 10}}
		}, "needs an amount above 0 for AUD"},
		{"unknown charge type", func(d *Document) { d.Products[0].SellingPlans[0].Charge.ValueType = "later" }, "value_type"},
	} {
		t.Run(test.name, func(t *testing.T) {
			d := validDocument()
			test.change(&d)
			err := d.Validate()
			if err == nil || !strings.Contains(err.Error(), test.want) {
				t.Errorf("Validate = %v, want an error mentioning %q", err, test.want)
			}
		})
	}
}

func TestReadDocumentRefusesUnknownFields(t *testing.T) {
	for _, in := range []string{
		`{"products": [], "colours": []}`,
		`{"products": [{"id": 1, "handel": "x"}]}`,
		`{} {}`,
		`[`,
	} {
		if _, err := ReadDocument(strings.NewReader(in)); err == nil {
			t.Errorf("ReadDocument(%s) succeeded", in)
		}
	}
}

// A fixed-amount discount comes off each unit unless the document says it is
// taken once per order, as documents written before the field still mean.
func TestReadDocumentDiscountOncePerOrder(t *testing.T) {
	const rule = `{"discounts": [{"id": 1, "title": "Ten off", "value_type": "fixed_amount", "amounts": {"EUR": 1000},
		"scope": "all", "starts_at": "2025-01-01T00:00:00Z"%s}]}`
	for _, test := range []struct {
		name, field string
		want        bool
	}{
		{"absent: each unit", "", false},
		{"false: each unit", `, "once_per_order": false`, false},
		{"true: once per order", `, "once_per_order": true`, true},
	} {
		t.Run(test.name, func(t *testing.T) {
			doc, err := ReadDocument(strings.NewReader(fmt.Sprintf(rule, test.field)))
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Discounts[0].OncePerOrder; got != test.want {
				t.Errorf("once per order %v, want %v", got, test.want)
			}
		})
	}
	percentage := `{"discounts": [{"id": 1, "title": "Ten", "value_type": "percentage", "percentage": 10, "once_per_order": true,
		"scope": "all", "starts_at": "2025-01-01T00:00:00Z"}]}`
	if _, err := ReadDocument(strings.NewReader(percentage)); err == nil || !strings.Contains(err.Error(), "once_per_order") {
		t.Errorf("a percentage once per order: %v, want an error naming once_per_order", err)
	}
}
