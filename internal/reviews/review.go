// Package reviews is the knitters' feedback from anonymous visitors: the
// rules a posted review must meet, the cursor that pages through reviews, the
// per-client rate limit, and the service that stores reviews through a Store
// and lets the shop owner moderate them.
package reviews

import (
	"encoding/base64"
	"encoding/binary"
	"strconv"
	"time"

	"knitfront/internal/errs"
)

// Status says whether a review is listed.
type Status string

// The statuses a review moves between.
const (
	// Published reviews are listed on the knitters page.
	Published Status = "published"
	// Pending reviews wait for the shop owner's approval; they exist only
	// when KNITFRONT_REVIEWS_REQUIRE_APPROVAL is on.
	Pending Status = "pending"
	// Hidden reviews were taken down by the shop owner.
	Hidden Status = "hidden"
)

// statuses lists every status.
var statuses = []Status{Pending, Published, Hidden}

// ParseStatus reads a status name.
func ParseStatus(s string) (Status, error) {
	for _, status := range statuses {
		if string(status) == s {
			return status, nil
		}
	}
	return "", errs.Invalidf("invalid_status", "The status %.20q is not one of pending, published or hidden.", s)
}

// Review is a visitor's feedback on a knitter.
type Review struct {
	ID        int64
	KnitterID int64
	Body      string
	CreatedBy string
	// CreatedAt is in UTC, to the microsecond: both engines keep that much.
	CreatedAt time.Time
	Status    Status
	// ClientHash identifies the poster's address without revealing it: the
	// HMAC-SHA256 of it under a secret kept in the database, in hex.
	ClientHash string
	// ShopDomain and CustomerID are known only of a review posted through
	// Shopify's app proxy, which signs them: the shop's *.myshopify.com
	// domain, and the logged-in customer's id (0: logged out).
	ShopDomain string
	CustomerID int64
}

// Filter selects reviews; zero fields select all.
type Filter struct {
	KnitterID int64
	Status    Status
}

// Page sizes: what a list answers without a limit, and the most it answers.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Page asks for at most Limit reviews, newest first, that come after the
// cursor After (nil: from the newest).
type Page struct {
	Limit int
	After *Cursor
}

// ParsePage reads a page size and a cursor as a client gives them; empty
// strings ask for the first page of DefaultPageSize.
func ParsePage(limit, cursor string) (Page, error) {
	page := Page{Limit: DefaultPageSize}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > MaxPageSize {
			return Page{}, errs.Invalidf("invalid_limit", "limit %.20q is not a whole number from 1 to %d.", limit, MaxPageSize)
		}
		page.Limit = n
	}
	if cursor != "" {
		c, err := ParseCursor(cursor)
		if err != nil {
			return Page{}, err
		}
		page.After = &c
	}
	return page, nil
}

// List is one page of reviews and the cursor of the next; Next is nil on the
// last page.
type List struct {
	Reviews []Review
	Next    *Cursor
}

// Cursor marks a place in a list ordered by (created_at, id), newest first:
// the id breaks ties between reviews posted in the same microsecond.
type Cursor struct {
	CreatedAt time.Time
	ID        int64
}

// cursorBytes is a cursor's binary size: microseconds, then id, big-endian.
const cursorBytes = 16

// String encodes the cursor for a client, who passes it back unread.
func (c Cursor) String() string {
	var b [cursorBytes]byte
	binary.BigEndian.PutUint64(b[:8], uint64(c.CreatedAt.UnixMicro()))
	binary.BigEndian.PutUint64(b[8:], uint64(c.ID))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// ParseCursor reads a cursor that String encoded.
func ParseCursor(s string) (Cursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) != cursorBytes {
		return Cursor{}, errInvalidCursor
	}
	micros, id := int64(binary.BigEndian.Uint64(b[:8])), int64(binary.BigEndian.Uint64(b[8:]))
	if micros < 0 || id <= 0 {
		return Cursor{}, errInvalidCursor
	}
	return Cursor{CreatedAt: time.UnixMicro(micros).UTC(), ID: id}, nil
}

var errInvalidCursor = errs.Invalidf("invalid_cursor", "cursor is not one this API gave out: pass next_cursor from the previous page unchanged.")

// Review ids are time-ordered and random: milliseconds since idEpoch in the
// high bits, idRandomBits random ones below. They stay within 53 bits, the
// integers a JavaScript number holds exactly, until the year 2094.
const idRandomBits = 12

var idEpoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// NewID returns a review id for a review created at t, with random bits from
// random.
func NewID(t time.Time, random uint64) int64 {
	millis := max(t.Sub(idEpoch).Milliseconds(), 0)
	return millis<<idRandomBits | int64(random&(1<<idRandomBits-1))
}
