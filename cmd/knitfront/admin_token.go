package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"knitfront/internal/visible"
)

// minAdminTokenChars is the shortest admin token taken.
const minAdminTokenChars = 32

// minAdminTokenBits is the least guessing an admin token must take by
// tokenBits' estimate: 2^128 guesses are beyond any attacker at any rate, so
// the admin endpoints' limits on wrong tokens may let the right one through.
// `openssl rand -hex 32` makes 64 hex digits, some 240 bits by the estimate.
const minAdminTokenBits = 128

// checkAdminToken refuses an admin token that could never be matched or is
// easy enough to guess; empty is none. The Authorization header drops the
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
	if bits := tokenBits(token); bits < minAdminTokenBits {
		return fmt.Errorf("KNITFRONT_ADMIN_TOKEN is too easy to guess: about %d bits, of at least %d, by an estimate that takes a part repeated once, and counts how evenly its characters, and the steps from one to the next, vary (a word, a run such as 32 zeros or abcd…, a repeated part score low): make one with `openssl rand -hex 32`", int(bits), minAdminTokenBits)
	}
	return nil
}

// tokenBits estimates the bits of guessing a token takes: the Shannon
// entropy, per character, of its characters or of the steps between them,
// whichever is lower, times its length, where a token that repeats a part
// counts that part once. It rates random tokens near what they hold and
// words, runs and repetitions far lower; it is no proof of randomness.
func tokenBits(token string) float64 {
	runes := []rune(token)
	runes = runes[:period(runes)]
	steps := make([]rune, len(runes)-1)
	for i := range steps {
		steps[i] = runes[i+1] - runes[i]
	}
	perChar := shannon(runes)
	if len(steps) > 0 {
		perChar = min(perChar, shannon(steps))
	}
	return perChar * float64(len(runes))
}

// period is the length of the shortest part that, repeated, makes runes (a
// last repetition may be cut short); len(runes) when there is none.
func period(runes []rune) int {
	for p := 1; p <= len(runes)/2; p++ {
		if slices.Equal(runes[p:], runes[:len(runes)-p]) {
			return p
		}
	}
	return len(runes)
}

// shannon is the Shannon entropy of the symbols' distribution, in bits per
// symbol.
func shannon(symbols []rune) float64 {
	counts := map[rune]int{}
	for _, s := range symbols {
		counts[s]++
	}
	var bits float64
	for _, n := range counts {
		p := float64(n) / float64(len(symbols))
		bits -= p * math.Log2(p)
	}
	return bits
}
