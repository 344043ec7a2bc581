package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"io"
	"strings"
	"testing"
	"time"
)

func TestHardeningSettings(t *testing.T) {
	for _, test := range []struct {
		name        string
		vars        map[string]string
		wantTimeout time.Duration
		err         string
	}{
		{"defaults", nil, 3 * time.Second, ""},
		{"a database timeout", map[string]string{"KNITFRONT_DB_TIMEOUT": "750ms"}, 750 * time.Millisecond, ""},
		{"a database timeout too short", map[string]string{"KNITFRONT_DB_TIMEOUT": "10ms"}, 0, "KNITFRONT_DB_TIMEOUT"},
		{"a database timeout too long", map[string]string{"KNITFRONT_DB_TIMEOUT": "2h"}, 0, "KNITFRONT_DB_TIMEOUT"},
		{"a database timeout in words", map[string]string{"KNITFRONT_DB_TIMEOUT": "soon"}, 0, "KNITFRONT_DB_TIMEOUT"},
	} {
		t.Run(test.name, func(t *testing.T) {
			c, _, err := parseConfig("serve", "", nil, env(test.vars), io.Discard)
			if test.err != "" {
				if err == nil || !strings.Contains(err.Error(), test.err) {
					t.Errorf("err = %v, want one saying %q", err, test.err)
				}
				return
			}
			if err != nil || c.DBTimeout != test.wantTimeout {
				t.Errorf("config = %v, %v; want a database timeout of %v", c.DBTimeout, err, test.wantTimeout)
			}
		})
	}
}

func TestAdminTokenRule(t *testing.T) {
	// strongToken came from `openssl rand -hex 32`.
	const strongToken = "4f8937d05cff0179139f9beef58371bfa6502e90c202bbe23fba927a89b446fd"
	// scattered spells strongToken's 32 bytes as 32 characters from first
	// on, one of 64 each.
	scattered := func(first rune) string {
		b, _ := hex.DecodeString(strongToken)
		var s strings.Builder
		for _, c := range b {
			s.WriteRune(first + rune(c%64))
		}
		return s.String()
	}
	for _, test := range []struct {
		name, token, err string
	}{
		{"none", "", ""},
		{"64 hex digits", strongToken, ""},
		{"40 hex digits", strongToken[:40], ""},
		{"32 characters of base64", "q3V8x+Zr0TbKp1W/4mYcLd9sNfAe7HgU", ""},
		{"32 emoji", scattered('😀'), ""},
		{"32 letters of two bytes", scattered('Ā'), ""},
		{"one character", "a", "(1 of at least 32 characters)"},
		{"31 characters", strongToken[:31], "(31 of at least 32 characters)"},
		{"8 emoji, 32 bytes", strings.Repeat("🧶", 8), "(8 of at least 32 characters)"},
		{"16 letters of two bytes, 32 bytes", strings.Repeat("ž", 16), "(16 of at least 32 characters)"},
		{"32 a's", strings.Repeat("a", 32), "too easy to guess: about 0 bits"},
		{"32 zeros", strings.Repeat("0", 32), "too easy to guess: about 0 bits"},
		{"32 emoji, all one", strings.Repeat("🧶", 32), "too easy to guess"},
		{"a password", "password1234567890password123456", "too easy to guess"},
		{"a password repeated", strings.Repeat("password", 4), "too easy to guess"},
		{"P@ssw0rd and a date", "P@ssw0rd!P@ssw0rd!2026-12-07T22:", "too easy to guess"},
		{"the alphabet", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "too easy to guess"},
		{"hex digits in a row, four times", strings.Repeat("0123456789abcdef", 4), "too easy to guess"},
		{"a random half repeated", strongToken[:20] + strongToken[:20] + strongToken[:20], "too easy to guess"},
		{"32 hex digits", strongToken[:32], "too easy to guess"},
		{"33 spaces", strings.Repeat(" ", 33), "begins or ends with whitespace"},
		{"a space before", " " + strongToken, "begins or ends with whitespace"},
		{"a line break after", strongToken + "\n", "begins or ends with whitespace"},
		{"no-break spaces around", "\u00a0" + strongToken + "\u00a0", "begins or ends with whitespace"},
		{"a space inside", strongToken[:32] + " " + strongToken[32:], "holds U+0020"},
		{"a tab inside", strongToken[:32] + "\t" + strongToken[32:], "holds U+0009"},
		{"32 zero-width spaces", strings.Repeat("\u200b", 32), "holds U+200B"},
		{"31 characters and a zero-width joiner", strongToken[:31] + "\u200d", "holds U+200D"},
		{"a Khmer inherent vowel inside", strongToken + "\u17b4" + strongToken, "holds U+17B4"},
		{"a byte-order mark before", "\ufeff" + strongToken, "holds U+FEFF"},
	} {
		t.Run(test.name, func(t *testing.T) {
			c, _, err := parseConfig("serve", "", nil, env(map[string]string{"KNITFRONT_ADMIN_TOKEN": test.token}), io.Discard)
			if test.err == "" {
				if err != nil || c.AdminToken != test.token {
					t.Errorf("admin token %+q: %v, kept as %+q", test.token, err, c.AdminToken)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), test.err) || !strings.Contains(err.Error(), "openssl rand -hex 32") {
				t.Errorf("admin token %+q: err = %v, want one saying %q and how to make a token", test.token, err, test.err)
			}
		})
	}
}

// TestGeneratedAdminTokensAreTaken makes tokens as the error message says,
// and as base64 of as many random bytes: the rule takes every one.
func TestGeneratedAdminTokensAreTaken(t *testing.T) {
	for range 2000 {
		var b [32]byte
		_, _ = rand.Read(b[:])
		for _, token := range []string{hex.EncodeToString(b[:]), base64.StdEncoding.EncodeToString(b[:])} {
			if err := checkAdminToken(token); err != nil {
				t.Fatalf("%s: %v", token, err)
			}
		}
	}
}
