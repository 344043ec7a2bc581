package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestHardeningSettings(t *testing.T) {
	strongToken := strings.Repeat("0123456789abcdef", 4)
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
		{"a strong admin token", map[string]string{"KNITFRONT_ADMIN_TOKEN": strongToken}, 3 * time.Second, ""},
		{"an admin token of one character", map[string]string{"KNITFRONT_ADMIN_TOKEN": "a"}, 0, "openssl rand -hex 32"},
		{"an admin token of 31 characters", map[string]string{"KNITFRONT_ADMIN_TOKEN": strongToken[:31]}, 0, "at least 32"},
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
