package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// No credential is logged: dev, serving its stand-in with the configured
// token and webhook secret, syncing from it and applying a webhook, logs
// neither.
func TestNoSecretIsLogged(t *testing.T) {
	const token, webhookSecret = "shpat_never_logged_0123456789", "whsec_never_logged_9876543210"
	addr, logs, stop := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_SHOPIFY_ADMIN_TOKEN": token, "KNITFRONT_SHOPIFY_WEBHOOK_SECRET": webhookSecret,
	})
	resp, err := http.Post(addr+"/admin/dev/changes", "application/json",
		strings.NewReader(`{"change":"price","variant":45123456003501,"market":"LT","price":40}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	waitFor(t, "the webhook applied from the inbox", func() bool {
		return strings.Contains(logs.String(), `"msg":"shop's webhooks applied","events":1`)
	})
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{token, webhookSecret} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log shows %s:\n%s", secret, logs)
		}
	}
}
