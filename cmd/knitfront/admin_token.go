package main

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"knitfront/internal/visible"
)

// checkAdminToken refuses an admin token that could never be matched or is
// short enough to guess; empty is none. The Authorization header drops the
// whitespace around a token, and a bearer token holds no space at all, so a
// token must be made of characters that show, every one counted.
func checkAdminToken(token string) error {
	if token == "" {
		return nil
	}
	if strings.TrimSpace(token) != token {
		return errors.New("KNITFRONT_ADMIN_TOKEN begins or ends with whitespace, which no request can send in its Authorization header: remove it, or make a token with `openssl rand -hex 32`")
	}
	for _, r := range token {
		if !visible.Is(r) {
			return fmt.Errorf("KNITFRONT_ADMIN_TOKEN holds %U, a space or a character that shows nothing, which is easily lost or added when the token is copied: make one with `openssl rand -hex 32`", r)
		}
	}
	if n := utf8.RuneCountInString(token); n < minAdminTokenChars {
		return fmt.Errorf("KNITFRONT_ADMIN_TOKEN is too short to resist guessing (%d of at least %d characters): make one with `openssl rand -hex 32`", n, minAdminTokenChars)
	}
	return nil
}
