package main

import (
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
	strongToken := strings.Repeat("0123456789abcdef", 4)
	for _, test := range []struct {
		name, token, err string
	}{
		{"none", "", ""},
		{"64 hex digits", strongToken, ""},
		{"32 characters", strongToken[:32], ""},
		{"32 emoji", strings.Repeat("🧶", 32), ""},
		{"32 letters of two bytes", strings.Repeat("ž", 32), ""},
		{"one character", "a", "(1 of at least 32 characters)"},
		{"31 characters", strongToken[:31], "(31 of at least 32 characters)"},
		{"8 emoji, 32 bytes", strings.Repeat("🧶", 8), "(8 of at least 32 characters)"},
		{"16 letters of two bytes, 32 bytes", strings.Repeat("ž", 16), "(16 of at least 32 characters)"},
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
