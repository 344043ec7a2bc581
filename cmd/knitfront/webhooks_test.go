package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
)

// TestWebhooksRegisterAndList registers the webhooks against the stand-in
// twice, then another address, listing what is there after each.
func TestWebhooksRegisterAndList(t *testing.T) {
	_, shop := startStandIn(t, nil)
	vars := map[string]string{"KNITFRONT_SHOPIFY_SHOP": shop, "KNITFRONT_SHOPIFY_ADMIN_TOKEN": standInToken}
	const address, other = "https://knitfront.example/webhooks/shopify", "https://other.example/hooks"
	for _, test := range []struct {
		name      string
		args      []string
		want      string
		wantLines int
	}{
		{"nothing is registered at first", []string{"webhooks", "list"}, "^no webhook subscriptions", 1},
		{"every topic is subscribed", []string{"webhooks", "register", "--url", address}, regexp.QuoteMeta(address + ": 12 topics subscribed now, 0 were already"), 13},
		{"a second time subscribes nothing", []string{"webhooks", "register", "--url", address}, regexp.QuoteMeta(address + ": 0 topics subscribed now, 12 were already"), 1},
		{"the list shows each topic once", []string{"webhooks", "list"}, "PRODUCTS_UPDATE +" + regexp.QuoteMeta(address), 13},
		{"another address leaves the first", []string{"webhooks", "register", "--url", other}, regexp.QuoteMeta(other + ": 12 topics subscribed now, 0 were already"), 13},
		{"the list shows both", []string{"webhooks", "list"}, "INVENTORY_LEVELS_UPDATE +" + regexp.QuoteMeta(other), 25},
	} {
		var out bytes.Buffer
		if err := run(context.Background(), test.args, env(vars), &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", test.name, err)
		}
		lines := strings.Count(out.String(), "\n")
		if !regexp.MustCompile("(?m)"+test.want).MatchString(out.String()) || lines != test.wantLines {
			t.Errorf("%s: printed %d lines, want %d matching %q:\n%s", test.name, lines, test.wantLines, test.want, out.String())
		}
	}
}

func TestWebhooksUsage(t *testing.T) {
	vars := map[string]string{"KNITFRONT_SHOPIFY_SHOP": "knit-shop.myshopify.com", "KNITFRONT_SHOPIFY_ADMIN_TOKEN": standInToken}
	for _, test := range []struct {
		name string
		args []string
		want string
	}{
		{"no action", []string{"webhooks"}, "register --url URL, or list"},
		{"an unknown action", []string{"webhooks", "delete"}, "the actions are register and list"},
		{"register without an address", []string{"webhooks", "register"}, "takes --url"},
		{"an http address elsewhere", []string{"webhooks", "register", "--url", "http://knitfront.example/webhooks/shopify"}, "https addresses only"},
		{"list with arguments", []string{"webhooks", "list", "all"}, "takes no arguments"},
	} {
		err := run(context.Background(), test.args, env(vars), io.Discard, io.Discard)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), test.want) {
			t.Errorf("%s: %v, want a usage error saying %q", test.name, err, test.want)
		}
	}
}
