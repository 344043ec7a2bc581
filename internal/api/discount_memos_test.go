package api

import (
	"testing"
	"time"

	"knitfront/internal/pricing"
)

// A request that took its table before a rebuild ends after it: its answer
// comes from a memo of its own table, and the newer table's memo stays.
func TestAnOlderTableKeepsTheNewerMemo(t *testing.T) {
	built := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	older, newer := pricing.Build(nil, nil, nil, built), pricing.Build(nil, nil, nil, built.Add(time.Second))
	var memos discountMemos
	current := memos.of(newer)
	if got := memos.of(older); got.table != older {
		t.Errorf("the older table's request got the memo of %v", got.table.BuiltAt)
	}
	if got := memos.of(newer); got != current {
		t.Error("a request with the older table displaced the newer table's memo")
	}
	if got := memos.of(older); got == current {
		t.Error("the older table was answered from the newer one's memo")
	}
}
