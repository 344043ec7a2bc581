package rates

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knitfront/internal/money"
)

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func table(d string, aud, gbp, usd float64) Table {
	return Table{Date: date(d), Source: SourceECB, PerEUR: map[money.Currency]float64{money.AUD: aud, money.GBP: gbp, money.USD: usd}}
}

func TestParseECB(t *testing.T) {
	for _, test := range []struct {
		file    string
		want    Table
		wantErr string
	}{
		{file: "daily.xml", want: table("2026-11-19", 1.784, 0.8779, 1.1528)},
		{file: "hist-3d.xml", want: table("2026-11-19", 1.784, 0.8779, 1.1528)},
		{file: "hist-unordered.xml", want: table("2026-11-19", 1.784, 0.8779, 1.1528)},
		{file: "empty.xml", wantErr: "not an ECB reference rates document: EOF"},
		{file: "no-day.xml", wantErr: "holds no day of rates"},
		{file: "truncated.xml", wantErr: "unexpected EOF"},
		{file: "malformed.xml", wantErr: "not an ECB reference rates document"},
		{file: "html-error-page.xml", wantErr: "not an ECB reference rates document"},
		{file: "partial-no-gbp.xml", wantErr: "the ECB rates of 2026-11-19: no rate for GBP"},
		{file: "duplicate-usd.xml", wantErr: "give USD twice"},
		{file: "comma-rate.xml", wantErr: `USD on 2026-11-19: "1,1528" is not a decimal rate`},
		{file: "negative-rate.xml", wantErr: `"-0.87790" is not a decimal rate`},
		{file: "zero-rate.xml", wantErr: "the rate 0 is not between"},
		{file: "bad-date.xml", wantErr: `day "19.11.2026" is not a date`},
	} {
		t.Run(test.file, func(t *testing.T) {
			doc, err := os.ReadFile(filepath.Join("testdata", test.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseECB(doc)
			if test.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), test.wantErr) {
					t.Errorf("ParseECB = %v, %v; want an error containing %q", got, err, test.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseECB: %v", err)
			}
			got.Source = SourceECB
			if !got.Date.Equal(test.want.Date) || got.String() != test.want.String() {
				t.Errorf("ParseECB = %v, want %v", got, test.want)
			}
		})
	}
}

func TestParseECBKeepsTheFeedsDecimals(t *testing.T) {
	doc, err := os.ReadFile("testdata/daily.xml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseECB(doc)
	if err != nil {
		t.Fatal(err)
	}
	// The feed says 0.87790; the stored text is the same number, shortest.
	for c, want := range map[money.Currency]string{money.USD: "1.1528", money.GBP: "0.8779", money.AUD: "1.784"} {
		if s := FormatRate(got.PerEUR[c]); s != want {
			t.Errorf("%s is stored as %q, want %q", c, s, want)
		}
	}
}

func TestSnapshot(t *testing.T) {
	s := Snapshot()
	if s.Source != SourceDemo || !s.Date.Equal(date("2026-11-20")) {
		t.Errorf("Snapshot() = %v, want the snapshot of 2026-11-20", s)
	}
	if err := s.Validate(); err != nil {
		t.Error(err)
	}
	if got, want := s.String(), "demo rates of 2026-11-20: EUR 1, AUD 1.7826, GBP 0.8785, USD 1.1535"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestCross(t *testing.T) {
	rates := table("2026-11-20", 1.7826, 0.8785, 1.1535)
	for _, test := range []struct {
		base money.Currency
		want map[money.Currency]float64
	}{
		{money.EUR, map[money.Currency]float64{money.EUR: 1, money.AUD: 1.7826, money.GBP: 0.8785, money.USD: 1.1535}},
		// 1/1.7826 = 0.5609783..., 0.8785/1.7826 = 0.4928194..., 1.1535/1.7826 = 0.6470885...
		{money.AUD, map[money.Currency]float64{money.EUR: 0.560978, money.AUD: 1, money.GBP: 0.492819, money.USD: 0.647089}},
		// 1/0.8785 = 1.1383039..., 1.7826/0.8785 = 2.0291405..., 1.1535/0.8785 = 1.3130335...
		{money.GBP, map[money.Currency]float64{money.EUR: 1.1383, money.AUD: 2.02914, money.GBP: 1, money.USD: 1.31303}},
		// 1/1.1535 = 0.8669267..., 1.7826/1.1535 = 1.5453836..., 0.8785/1.1535 = 0.7615951...
		{money.USD, map[money.Currency]float64{money.EUR: 0.866927, money.AUD: 1.54538, money.GBP: 0.761595, money.USD: 1}},
	} {
		t.Run(string(test.base), func(t *testing.T) {
			got := Cross(rates, test.base)
			if len(got) != len(test.want) {
				t.Errorf("Cross = %v, want %v", got, test.want)
			}
			for c, want := range test.want {
				if got[c] != want {
					t.Errorf("Cross(%s)[%s] = %v, want %v", test.base, c, got[c], want)
				}
			}
		})
	}
}

func TestCrossRoundTripsWithinRounding(t *testing.T) {
	rates := Snapshot()
	for _, a := range money.Currencies {
		for _, b := range money.Currencies {
			there, back := Cross(rates, a)[b], Cross(rates, b)[a]
			// Each is off by at most half a unit in its sixth digit: 5e-6 relative.
			if product := there * back; math.Abs(product-1) > 1e-5 {
				t.Errorf("%s→%s %v times %s→%s %v = %v, want 1 within rounding", a, b, there, b, a, back, product)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	good := table("2026-11-20", 1.7826, 0.8785, 1.1535)
	for _, test := range []struct {
		name   string
		change func(*Table)
		want   string
	}{
		{"no date", func(t *Table) { t.Date = time.Time{} }, "not a day at midnight UTC"},
		{"a time of day", func(t *Table) { t.Date = t.Date.Add(time.Hour) }, "not a day at midnight UTC"},
		{"a missing currency", func(t *Table) { delete(t.PerEUR, money.USD) }, "no rate for USD"},
		{"an extra currency", func(t *Table) { t.PerEUR["CHF"] = 0.93 }, "want exactly"},
		{"EUR per EUR", func(t *Table) { t.PerEUR[money.EUR] = 1 }, "want exactly"},
		{"NaN", func(t *Table) { t.PerEUR[money.GBP] = math.NaN() }, "GBP: the rate NaN"},
		{"infinite", func(t *Table) { t.PerEUR[money.GBP] = math.Inf(1) }, "GBP: the rate +Inf"},
		{"absurdly large", func(t *Table) { t.PerEUR[money.AUD] = 2e6 }, "AUD: the rate 2e+06"},
	} {
		t.Run(test.name, func(t *testing.T) {
			bad := Table{Date: good.Date, Source: good.Source, PerEUR: map[money.Currency]float64{}}
			for c, r := range good.PerEUR {
				bad.PerEUR[c] = r
			}
			test.change(&bad)
			if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), test.want) {
				t.Errorf("Validate() = %v, want an error containing %q", err, test.want)
			}
		})
	}
	if err := good.Validate(); err != nil {
		t.Errorf("a good table: %v", err)
	}
}

func TestParseStatic(t *testing.T) {
	want := Table{Source: SourceStatic, PerEUR: map[money.Currency]float64{money.AUD: 1.65, money.GBP: 0.86, money.USD: 1.08}}
	for _, test := range []struct {
		name, in, wantErr string
	}{
		{"the documented form", "AUD=1.65,GBP=0.86,USD=1.08", ""},
		{"any order, case and spacing", " usd = 1.08 , Gbp=0.86,AUD=1.65 ", ""},
		{"with EUR=1", "EUR=1,AUD=1.65,GBP=0.86,USD=1.08", ""},
		{"empty", "", `"" is not CURRENCY=RATE`},
		{"a missing currency", "AUD=1.65,GBP=0.86", "USD is missing; give every rate per euro, as AUD=1.65,GBP=0.86,USD=1.08"},
		{"an unknown currency", "AUD=1.65,GBP=0.86,USD=1.08,CHF=0.93", `"CHF" is not one of EUR, AUD, GBP, USD`},
		{"a currency twice", "AUD=1.65,GBP=0.86,USD=1.08,aud=1.7", "AUD is given twice"},
		{"a decimal comma", "AUD=1,65,GBP=0.86,USD=1.08", `"65" is not CURRENCY=RATE`},
		{"a negative rate", "AUD=-1.65,GBP=0.86,USD=1.08", `AUD: "-1.65" is not a decimal rate`},
		{"a zero rate", "AUD=0,GBP=0.86,USD=1.08", "AUD: the rate 0 is not between"},
		{"EUR other than 1", "EUR=1.1,AUD=1.65,GBP=0.86,USD=1.08", "EUR can only be 1"},
		{"an exponent", "AUD=1e0,GBP=0.86,USD=1.08", `"1e0" is not a decimal rate`},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := ParseStatic(test.in)
			if test.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), test.wantErr) {
					t.Errorf("ParseStatic(%q) = %v, %v; want an error containing %q", test.in, got, err, test.wantErr)
				}
				return
			}
			if err != nil || got.String() != want.String() {
				t.Errorf("ParseStatic(%q) = %v, %v; want %v", test.in, got, err, want)
			}
		})
	}
}

// FuzzParseECB: whatever the feed sends, the parser returns an error or a
// valid table whose cross rates are all finite and positive; it never panics.
func FuzzParseECB(f *testing.F) {
	files, err := filepath.Glob("testdata/*.xml")
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		doc, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(doc)
	}
	f.Add(snapshotXML)
	f.Fuzz(func(t *testing.T, doc []byte) {
		table, err := ParseECB(doc)
		if err != nil {
			return
		}
		if err := table.Validate(); err != nil {
			t.Fatalf("ParseECB returned an invalid table: %v", err)
		}
		for _, base := range money.Currencies {
			for c, r := range Cross(table, base) {
				if !(r > 0) || math.IsInf(r, 0) || (c == base && r != 1) {
					t.Fatalf("Cross(%s)[%s] = %v", base, c, r)
				}
			}
		}
	})
}
