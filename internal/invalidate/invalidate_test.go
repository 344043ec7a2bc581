package invalidate_test

import (
	"testing"

	"knitfront/internal/invalidate"
)

func TestHub(t *testing.T) {
	var hub invalidate.Hub
	var discounts, prices, rates int
	hub.Subscribe(func() { discounts++ }, invalidate.Catalog)
	hub.Subscribe(func() { prices++ }, invalidate.Catalog, invalidate.Rates)
	hub.Subscribe(func() { rates++ }, invalidate.Rates)

	for _, test := range []struct {
		name                                 string
		publish                              func()
		wantDiscounts, wantPrices, wantRates int
	}{
		{"a catalogue change drops what depends on the catalogue", func() { hub.Publish(invalidate.Catalog) }, 1, 1, 0},
		{"a rates change drops what depends on the rates", func() { hub.Publish(invalidate.Rates) }, 1, 2, 1},
		{"an unknown topic drops nothing", func() { hub.Publish("wishlists") }, 1, 2, 1},
		{"everything drops each cache once", hub.PublishAll, 2, 3, 2},
	} {
		t.Run(test.name, func(t *testing.T) {
			test.publish()
			if discounts != test.wantDiscounts || prices != test.wantPrices || rates != test.wantRates {
				t.Errorf("drops: discounts %d, prices %d, rates %d; want %d, %d, %d",
					discounts, prices, rates, test.wantDiscounts, test.wantPrices, test.wantRates)
			}
		})
	}
}
