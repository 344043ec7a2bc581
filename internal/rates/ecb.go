package rates

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"knitfront/internal/money"
)

// ECBDailyURL is the European Central Bank's daily reference rates feed,
// published on working days at about 16:00 CET.
const ECBDailyURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"

// ecbEnvelope is the eurofxref XML format: an Envelope holding a Cube, which
// holds one Cube per day (one in the daily feed), which holds one Cube per
// currency with its rate per euro.
type ecbEnvelope struct {
	XMLName xml.Name `xml:"Envelope"`
	Days    []ecbDay `xml:"Cube>Cube"`
}

type ecbDay struct {
	Time  string    `xml:"time,attr"`
	Rates []ecbRate `xml:"Cube"`
}

type ecbRate struct {
	Currency string `xml:"currency,attr"`
	Rate     string `xml:"rate,attr"`
}

// ParseECB reads a document in the ECB's eurofxref format and returns the
// rates of the whitelisted currencies on its latest day (the daily feed has
// one day; the 90-day feed's latest is today's). Every whitelisted currency
// must be there exactly once, as a plain decimal; other currencies are
// ignored. The table's Source is left for the caller to set.
func ParseECB(doc []byte) (Table, error) {
	var env ecbEnvelope
	if err := xml.Unmarshal(doc, &env); err != nil {
		return Table{}, fmt.Errorf("not an ECB reference rates document: %w", err)
	}
	if len(env.Days) == 0 {
		return Table{}, errors.New("the ECB document holds no day of rates")
	}
	var latest *ecbDay
	var date time.Time
	for i := range env.Days {
		d, err := time.Parse(time.DateOnly, env.Days[i].Time)
		if err != nil {
			return Table{}, fmt.Errorf("the ECB document's day %q is not a date such as 2026-11-20", env.Days[i].Time)
		}
		if latest == nil || d.After(date) {
			latest, date = &env.Days[i], d
		}
	}
	t := Table{Date: date, PerEUR: make(map[money.Currency]float64, len(quoted))}
	for _, r := range latest.Rates {
		c := money.Currency(r.Currency)
		if !c.Valid() || c == money.EUR {
			continue
		}
		if _, dup := t.PerEUR[c]; dup {
			return Table{}, fmt.Errorf("the ECB rates of %s give %s twice", latest.Time, c)
		}
		rate, err := parseRate(r.Rate)
		if err != nil {
			return Table{}, fmt.Errorf("the ECB rate of %s on %s: %w", c, latest.Time, err)
		}
		t.PerEUR[c] = rate
	}
	if err := t.Validate(); err != nil {
		return Table{}, fmt.Errorf("the ECB rates of %s: %w", latest.Time, err)
	}
	return t, nil
}

// FetchTimeout bounds one fetch of the feed, from connecting to the last byte.
const FetchTimeout = 10 * time.Second

// maxFeedBytes bounds the feed's body: the daily document is under 2 KB, the
// 90-day one about 100 KB.
const maxFeedBytes = 1 << 20

// Feed fetches the ECB's daily reference rates over HTTP.
type Feed struct {
	URL    string
	Client *http.Client
	// Timeout bounds one fetch; zero means FetchTimeout.
	Timeout time.Duration
}

// Fetch gets and parses the feed, within the timeout.
func (f Feed) Fetch(ctx context.Context) (Table, error) {
	timeout := f.Timeout
	if timeout == 0 {
		timeout = FetchTimeout
	}
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.URL, nil)
	if err != nil {
		return Table{}, fmt.Errorf("rates feed address %q: %w", f.URL, err)
	}
	req.Header.Set("Accept", "application/xml, text/xml")
	req.Header.Set("User-Agent", "knitfront (currency rates)")
	resp, err := client.Do(req)
	if err != nil {
		return Table{}, fmt.Errorf("fetching %s: %w", f.URL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Table{}, fmt.Errorf("fetching %s: the feed answered %s", f.URL, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxFeedBytes+1))
	if err != nil {
		return Table{}, fmt.Errorf("reading %s: %w", f.URL, err)
	}
	if len(body) > maxFeedBytes {
		return Table{}, fmt.Errorf("fetching %s: the answer is larger than %d bytes", f.URL, maxFeedBytes)
	}
	t, err := ParseECB(body)
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w", f.URL, err)
	}
	t.Source = SourceECB
	return t, nil
}
