package shopify_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
)

// A token expired while a sync runs is renewed once and the sync finishes;
// a refused secret says what to do.
func TestClientCredentialsAgainstTheStandIn(t *testing.T) {
	dev := shopifydev.New(demo.Catalog(), "shpat_static", time.Now)
	srv := httptest.NewServer(dev)
	t.Cleanup(srv.Close)
	tokens, err := shopify.NewClientCredentials(shopify.ClientCredentialsConfig{
		Shop: srv.URL, ClientID: shopifydev.DevClientID, ClientSecret: shopifydev.DevClientSecret,
	})
	if err != nil {
		t.Fatal(err)
	}
	client, err := shopify.NewClient(srv.URL, tokens)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := client.Read(ctx, nil); err != nil {
		t.Fatal(err)
	}
	dev.ExpireTokens()
	if _, err := client.Read(ctx, nil); err != nil {
		t.Fatalf("the sync after the token expired: %v", err)
	}
	if n := dev.TokenRequests(); n != 2 {
		t.Errorf("%d token requests, want 2", n)
	}

	wrong, _ := shopify.NewClientCredentials(shopify.ClientCredentialsConfig{Shop: srv.URL, ClientID: shopifydev.DevClientID, ClientSecret: "wrong"})
	_, err = wrong.Token(ctx)
	var refused *shopify.CredentialsRefusedError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "Dev Dashboard") {
		t.Errorf("a wrong secret: %v", err)
	}
}
