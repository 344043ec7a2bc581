package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"knitfront/internal/reviews"
	"knitfront/internal/store/storetest"
)

// runOK runs the program and returns what it printed, failing the test when
// it fails.
func runOK(t *testing.T, vars map[string]string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, env(vars), &out, &errOut); err != nil {
		t.Fatalf("knitfront %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String()
}

func TestReviewsCommand(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			ctx := context.Background()
			vars := map[string]string{"DATABASE_URL": engine.NewURL(t)}
			runOK(t, vars, "import", "../../data/demo/catalog.json")
			service := reviews.NewService(storetest.Open(t, vars["DATABASE_URL"]), reviews.Options{})
			warm, err := service.Submit(ctx, 1, reviews.Submission{Body: "Warm\nand soft", CreatedBy: "Ona"}, netip.MustParseAddr("203.0.113.7"))
			if err != nil {
				t.Fatal(err)
			}
			long, err := service.Submit(ctx, 2, reviews.Submission{Body: strings.Repeat("Lovely socks. ", 10), CreatedBy: "Jonas"}, netip.MustParseAddr("203.0.113.8"))
			if err != nil {
				t.Fatal(err)
			}

			out := runOK(t, vars, "reviews", "list")
			for _, want := range []string{
				"ID", "KNITTER", "STATUS", "CREATED (UTC)", "CLIENT", "AUTHOR", "REVIEW",
				fmt.Sprint(warm.ID), "Warm ⏎ and soft", warm.ClientHash[:12], warm.CreatedAt.Format("2006-01-02 15:04:05"),
				fmt.Sprint(long.ID), strings.Repeat("Lovely socks. ", 4) + "Lov…",
				"2 reviews\n",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("reviews list does not show %q:\n%s", want, out)
				}
			}
			if strings.Index(out, fmt.Sprint(long.ID)) > strings.Index(out, fmt.Sprint(warm.ID)) {
				t.Errorf("reviews list is not newest first:\n%s", out)
			}

			if out := runOK(t, vars, "reviews", "hide", fmt.Sprint(warm.ID)); out != fmt.Sprintf("review %d is hidden\n", warm.ID) {
				t.Errorf("reviews hide printed %q", out)
			}
			if out := runOK(t, vars, "reviews", "list", "--status", "hidden"); !strings.Contains(out, "Warm ⏎ and soft") ||
				strings.Contains(out, "Lovely") || !strings.HasSuffix(out, "\n1 review\n") {
				t.Errorf("reviews list --status hidden:\n%s", out)
			}
			if out := runOK(t, vars, "reviews", "list", "--knitter", "2"); strings.Contains(out, "Warm") || !strings.Contains(out, "Lovely") {
				t.Errorf("reviews list --knitter 2:\n%s", out)
			}
			if out := runOK(t, vars, "reviews", "publish", fmt.Sprint(warm.ID)); out != fmt.Sprintf("review %d is published\n", warm.ID) {
				t.Errorf("reviews publish printed %q", out)
			}
			if out := runOK(t, vars, "reviews", "delete", fmt.Sprint(long.ID)); out != fmt.Sprintf("review %d is deleted\n", long.ID) {
				t.Errorf("reviews delete printed %q", out)
			}
			if out := runOK(t, vars, "reviews", "list", "--status", "published"); !regexp.MustCompile(`\n1 review\n$`).MatchString(out) || strings.Contains(out, "Lovely") {
				t.Errorf("after deleting, reviews list:\n%s", out)
			}

			err = run(ctx, []string{"reviews", "delete", fmt.Sprint(long.ID)}, env(vars), io.Discard, io.Discard)
			if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), fmt.Sprintf("review %d: No review has that id", long.ID)) {
				t.Errorf("deleting a deleted review: %v (exit %d); want exit 1 naming it", err, exitCode(err))
			}
		})
	}
}

func TestReviewsCommandUsage(t *testing.T) {
	// A database that cannot be opened: arguments are checked first.
	vars := map[string]string{"DATABASE_URL": "mysql://nowhere"}
	for _, args := range [][]string{
		{"reviews"},
		{"reviews", "approve", "1"},
		{"reviews", "hide"},
		{"reviews", "publish", "abc"},
		{"reviews", "delete", "0"},
		{"reviews", "delete", "1", "-2"},
		{"reviews", "list", "--status", "deleted"},
		{"reviews", "list", "--knitter", "ruta"},
		{"reviews", "list", "--knitter", "-1"},
		{"reviews", "list", "--colour", "red"},
		{"reviews", "list", "extra"},
	} {
		err := run(context.Background(), args, env(vars), io.Discard, io.Discard)
		if !errors.Is(err, errUsage) || exitCode(err) != 2 {
			t.Errorf("knitfront %s = %v; want a usage error (exit 2)", strings.Join(args, " "), err)
		}
	}
}

func TestReviewSettings(t *testing.T) {
	for _, test := range []struct {
		name  string
		vars  map[string]string
		check func(config) bool
		err   string
	}{
		{"defaults", nil, func(c config) bool {
			return c.ReviewRate == reviews.DefaultRate && !c.ReviewsRequireApproval && c.TrustedProxies == nil && c.AllowedOrigins == nil
		}, ""},
		{"every setting", map[string]string{
			"KNITFRONT_ALLOWED_ORIGINS":          "https://Shop.Example/, http://localhost:9292",
			"KNITFRONT_TRUSTED_PROXIES":          "10.0.0.0/8, 192.168.1.7, fd00::/8",
			"KNITFRONT_REVIEW_RATE_LIMIT":        "20/1h",
			"KNITFRONT_REVIEWS_REQUIRE_APPROVAL": "true",
		}, func(c config) bool {
			return fmt.Sprint(c.AllowedOrigins) == "[https://shop.example http://localhost:9292]" &&
				fmt.Sprint(c.TrustedProxies) == "[10.0.0.0/8 192.168.1.7/32 fd00::/8]" &&
				c.ReviewRate.Posts == 20 && c.ReviewRate.Per.Hours() == 1 && c.ReviewsRequireApproval
		}, ""},
		{"an origin with a path", map[string]string{"KNITFRONT_ALLOWED_ORIGINS": "https://shop.example/pages/knitters"}, nil, "KNITFRONT_ALLOWED_ORIGINS"},
		{"an origin without a scheme", map[string]string{"KNITFRONT_ALLOWED_ORIGINS": "shop.example"}, nil, "KNITFRONT_ALLOWED_ORIGINS"},
		{"a proxy that is no network", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "10.0.0.0/33"}, nil, "KNITFRONT_TRUSTED_PROXIES"},
		{"a proxy by name", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "proxy.internal"}, nil, "KNITFRONT_TRUSTED_PROXIES"},
		{"every IPv4 address a proxy", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "10.0.0.0/8, 0.0.0.0/0"}, nil, "0.0.0.0/0 covers every address"},
		{"every IPv6 address a proxy", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "::/0"}, nil, "::/0 covers every address"},
		{"every address, written unmasked", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "10.1.2.3/0"}, nil, "10.1.2.3/0 covers every address"},
		{"both, as the attack set them", map[string]string{"KNITFRONT_TRUSTED_PROXIES": "0.0.0.0/0,::/0"}, nil, "covers every address"},
		{"a rate without a period", map[string]string{"KNITFRONT_REVIEW_RATE_LIMIT": "5"}, nil, "KNITFRONT_REVIEW_RATE_LIMIT"},
		{"approval as yes", map[string]string{"KNITFRONT_REVIEWS_REQUIRE_APPROVAL": "yes please"}, nil, "KNITFRONT_REVIEWS_REQUIRE_APPROVAL"},
	} {
		t.Run(test.name, func(t *testing.T) {
			c, _, err := parseConfig("serve", "", nil, env(test.vars), io.Discard)
			if test.err != "" {
				if err == nil || !strings.Contains(err.Error(), test.err) {
					t.Errorf("err = %v, want one naming %s", err, test.err)
				}
				return
			}
			if err != nil || !test.check(c) {
				t.Errorf("config = %+v, %v", c, err)
			}
		})
	}
	var help bytes.Buffer
	_ = run(context.Background(), []string{"serve", "--help"}, env(nil), io.Discard, &help)
	for _, name := range []string{"KNITFRONT_TRUSTED_PROXIES", "KNITFRONT_REVIEW_RATE_LIMIT", "KNITFRONT_REVIEWS_REQUIRE_APPROVAL"} {
		if !strings.Contains(help.String(), name) {
			t.Errorf("serve --help does not document %s", name)
		}
	}
}
