package store_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"knitfront/internal/cart"
	"knitfront/internal/errs"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

var cartTime = time.Date(2025, 11, 3, 10, 0, 0, 0, time.UTC)

func TestCartRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		token := cart.NewToken()
		if _, err := db.Cart(ctx, token); !errors.Is(err, errs.ErrNotFound) {
			t.Fatalf("a cart never saved: err = %v, want ErrNotFound", err)
		}
		want := cart.Cart{
			Token:      token,
			Note:       "Wrap it, please — it's a gift",
			Attributes: map[string]string{"source": "newsletter"},
			Buyer:      cart.Buyer{CountryCode: "AU", Email: "a@example.com", Phone: "+61 400 000 000"},
			Lines: []cart.Line{
				{VariantID: 1002, Quantity: 2, Properties: map[string]string{"Monogram": "ŽK"}},
				{VariantID: 1001, Quantity: 1, Properties: map[string]string{}, SellingPlanID: 77},
			},
		}
		saved, err := db.ChangeCart(ctx, token, cartTime, func(c *cart.Cart) error {
			if len(c.Lines) != 0 || c.Note != "" {
				t.Errorf("a new cart is not empty: %+v", c)
			}
			*c = want
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.Cart(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(saved, want) {
			t.Errorf("read back %+v\nsaved %+v\nwant %+v", got, saved, want)
		}
	})
}

func TestChangeCartKeepsTheCartWhenTheChangeFails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		token := cart.NewToken()
		if _, err := db.ChangeCart(ctx, token, cartTime, func(c *cart.Cart) error {
			c.Lines = []cart.Line{{VariantID: 1, Quantity: 1}}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		refused := errors.New("refused")
		_, err := db.ChangeCart(ctx, token, cartTime, func(c *cart.Cart) error {
			c.Lines = nil
			c.Note = "lost"
			return refused
		})
		if !errors.Is(err, refused) {
			t.Fatalf("err = %v, want the change's error", err)
		}
		got, err := db.Cart(ctx, token)
		if err != nil || len(got.Lines) != 1 || got.Note != "" {
			t.Errorf("after a failed change: %+v, %v; want the cart as it was", got, err)
		}
	})
}

// TestConcurrentChangesTakeTurns adds one unit from many goroutines at once:
// without the cart's lock some read-modify-writes would overwrite others.
func TestConcurrentChangesTakeTurns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		token := cart.NewToken()
		const writers = 12
		var wg sync.WaitGroup
		for range writers {
			wg.Go(func() {
				if _, err := db.ChangeCart(ctx, token, cartTime, func(c *cart.Cart) error {
					if len(c.Lines) == 0 {
						c.Lines = []cart.Line{{VariantID: 1}}
					}
					c.Lines[0].Quantity++
					return nil
				}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, err := db.Cart(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Lines) != 1 || got.Lines[0].Quantity != writers {
			t.Errorf("lines = %+v, want one line of %d", got.Lines, writers)
		}
	})
}
