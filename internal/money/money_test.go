package money

import (
	"encoding/json"
	"testing"
)

func TestParseAmount(t *testing.T) {
	for _, test := range []struct {
		in      string
		want    Amount
		wantErr bool
	}{
		{"0", 0, false},
		{"89", 8900, false},
		{"89.5", 8950, false},
		{"89.05", 8905, false},
		{"1234.56", 123456, false},
		{"", 0, true},
		{"-1", 0, true},
		{"1.234", 0, true},
		{"1.", 0, true},
		{".5", 0, true},
		{"1,5", 0, true},
		{"1e3", 0, true},
		{"123456789012", 0, true},
	} {
		t.Run(test.in, func(t *testing.T) {
			got, err := ParseAmount(test.in)
			if (err != nil) != test.wantErr || got != test.want {
				t.Errorf("ParseAmount(%q) = %d, %v; want %d, error %v", test.in, got, err, test.want, test.wantErr)
			}
		})
	}
}

func TestAmountFormats(t *testing.T) {
	for _, test := range []struct {
		in           Amount
		short, fixed string
	}{
		{0, "0", "0.00"},
		{450, "4.5", "4.50"},
		{1000, "10", "10.00"},
		{1999, "19.99", "19.99"},
		{5, "0.05", "0.05"},
		{-450, "-4.5", "-4.50"},
	} {
		if got := test.in.String(); got != test.short {
			t.Errorf("Amount(%d).String() = %q, want %q", test.in, got, test.short)
		}
		if got := test.in.Fixed(); got != test.fixed {
			t.Errorf("Amount(%d).Fixed() = %q, want %q", test.in, got, test.fixed)
		}
	}
}

func TestWholeUnits(t *testing.T) {
	for n, want := range map[int64]Amount{0: 0, 1: 100, 129: 12900} {
		if got := WholeUnits(n); got != want {
			t.Errorf("WholeUnits(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestAmountJSONRoundTrip(t *testing.T) {
	var got struct{ A, B Amount }
	if err := json.Unmarshal([]byte(`{"A": 12.5, "B": "7.05"}`), &got); err != nil {
		t.Fatal(err)
	}
	if got.A != 1250 || got.B != 705 {
		t.Errorf("decoded %+v, want A 1250 and B 705", got)
	}
	out, _ := json.Marshal(got)
	if string(out) != `{"A":12.5,"B":7.05}` {
		t.Errorf("encoded %s", out)
	}
	if err := json.Unmarshal([]byte(`{"A": -3}`), &got); err == nil {
		t.Error("a negative amount decoded without error")
	}
}

func TestPercent(t *testing.T) {
	for _, test := range []struct {
		percent Percent
		of      Amount
		want    Amount
	}{
		{1000, 4500, 450},   // 10 % of 45.00
		{1250, 999, 125},    // 12.5 % of 9.99 = 1.24875, half up
		{3333, 100, 33},     // 33.33 % of 1.00
		{5000, 1, 1},        // half a cent rounds up
		{10000, 8900, 8900}, // 100 %
	} {
		if got := test.percent.Of(test.of); got != test.want {
			t.Errorf("%v%% of %d = %d, want %d", test.percent, test.of, got, test.want)
		}
	}
	if _, err := ParsePercent("100.01"); err == nil {
		t.Error("ParsePercent accepted more than 100")
	}
	if p, err := ParsePercent("12.5"); err != nil || p != 1250 {
		t.Errorf("ParsePercent(12.5) = %d, %v", p, err)
	}
	if got := PercentOf(500, 4500); got != 1100 {
		t.Errorf("PercentOf(5.00, 45.00) = %v, want 11", got)
	}
	if got := PercentOf(1, 0); got != 0 {
		t.Errorf("PercentOf of a zero total = %v, want 0", got)
	}
}
