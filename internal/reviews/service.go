package reviews

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"sync"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/errs"
)

// Store keeps knitters, reviews and secrets; *store.DB implements it.
type Store interface {
	// Knitters returns every knitter in the order the shop shows them.
	Knitters(ctx context.Context) ([]catalog.Knitter, error)
	KnitterExists(ctx context.Context, id int64) (bool, error)
	// AddReview stores r and returns it, unless a review of the same
	// knitter with the same fingerprint was stored after duplicateSince:
	// then it stores nothing and returns that review. The check and the
	// insert are one transaction, so concurrent posts store one review.
	// It returns ErrIDTaken when another review has r's id.
	AddReview(ctx context.Context, r Review, fingerprint string, duplicateSince time.Time) (Review, error)
	// Reviews returns up to limit reviews that match f, newest first, that
	// come after the cursor (nil: from the newest).
	Reviews(ctx context.Context, f Filter, after *Cursor, limit int) ([]Review, error)
	// SetReviewStatus changes a review's status and returns it, or
	// errs.ErrNotFound.
	SetReviewStatus(ctx context.Context, id int64, status Status) (Review, error)
	// DeleteReview deletes a review, or returns errs.ErrNotFound.
	DeleteReview(ctx context.Context, id int64) error
	// Secret returns the secret called name, storing value under that name
	// first when there is none; every caller gets the first one stored.
	Secret(ctx context.Context, name, value string) (string, error)
}

// DuplicateWindow is how long a review's text is remembered: the same name
// and body posted again for the same knitter within it is the same review.
const DuplicateWindow = time.Minute

// clientSaltSecret names the secret that client hashes are made with.
const clientSaltSecret = "review_client_salt"

// Options configure a Service. Zero values are the defaults.
type Options struct {
	// Limiter limits posts per client; nil is DefaultRate in memory.
	Limiter Limiter
	// RequireApproval holds new reviews as Pending until the shop owner
	// publishes them; otherwise they are Published at once.
	RequireApproval bool
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Service is the knitters page's backend: it lists knitters and their
// published reviews, takes visitors' reviews within the limits, and lets the
// shop owner moderate them.
type Service struct {
	store           Store
	limiter         Limiter
	requireApproval bool
	now             func() time.Time

	saltMu sync.Mutex
	salt   []byte // loaded from the store on first use
}

// NewService returns a service over store.
func NewService(store Store, opts Options) *Service {
	s := &Service{store: store, limiter: opts.Limiter, requireApproval: opts.RequireApproval, now: opts.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if s.limiter == nil {
		s.limiter = NewWindowLimiter(DefaultRate, s.now)
	}
	return s
}

// Errors a client may see.
var (
	ErrUnknownKnitter = errs.NotFoundf("unknown_knitter", "No knitter has that id.")
	ErrUnknownReview  = errs.NotFoundf("unknown_review", "No review has that id.")
)

// RetryAfterError is the cause of a rate-limited post: how long the client
// should wait before it posts again.
type RetryAfterError struct {
	Wait time.Duration
}

func (e *RetryAfterError) Error() string { return fmt.Sprintf("retry after %s", e.Wait) }

// Seconds is the wait in whole seconds, rounded up, at least 1: the value of
// a Retry-After header.
func (e *RetryAfterError) Seconds() int {
	return max(1, int(math.Ceil(e.Wait.Seconds())))
}

// unavailable reports a store failure as a 503 a client may retry.
func unavailable(err error) error {
	return errs.Wrap(errs.Unavailable, "reviews_unavailable", err, "Reviews are unavailable right now. Please try again shortly.")
}

// Knitters returns every knitter in the order the shop shows them.
func (s *Service) Knitters(ctx context.Context) ([]catalog.Knitter, error) {
	knitters, err := s.store.Knitters(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	return knitters, nil
}

// Published returns a page of a knitter's published reviews, newest first.
func (s *Service) Published(ctx context.Context, knitterID int64, page Page) (List, error) {
	if err := s.checkKnitter(ctx, knitterID); err != nil {
		return List{}, err
	}
	return s.List(ctx, Filter{KnitterID: knitterID, Status: Published}, page)
}

// List returns a page of the reviews that match f, newest first, whatever
// their status: the shop owner's view.
func (s *Service) List(ctx context.Context, f Filter, page Page) (List, error) {
	found, err := s.store.Reviews(ctx, f, page.After, page.Limit+1)
	if err != nil {
		return List{}, unavailable(err)
	}
	list := List{Reviews: found}
	if len(found) > page.Limit {
		list.Reviews = found[:page.Limit]
		last := list.Reviews[page.Limit-1]
		list.Next = &Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
	}
	return list, nil
}

// Submit stores a visitor's review of a knitter, posted from client, and
// returns the stored review. A review with the same name and body posted for
// the same knitter within DuplicateWindow is not stored again. From the
// client that posted it, Submit returns the one stored first and gives back
// what the post took from the client's limit, so a double click stores one
// review and costs one post. From another client it is answered, and
// counted, as a new post would be: the answer shows nothing of the first
// (the id or time of a review still pending), so that no one can confirm a
// pending review by guessing its text.
//
// A submission whose honeypot was filled is answered the same, but neither
// stored nor counted.
//
// The rate limit counts only the posts that would be stored: those that
// passed ParseSubmission, for a knitter that exists. A flood of posts that
// could never be stored then takes no client's room in the limiter.
func (s *Service) Submit(ctx context.Context, knitterID int64, sub Submission, client netip.Addr) (Review, error) {
	if err := s.checkKnitter(ctx, knitterID); err != nil {
		return Review{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	status := Published
	if s.requireApproval {
		status = Pending
	}
	review := Review{
		ID:         NewID(now, randomUint64()),
		KnitterID:  knitterID,
		Body:       sub.Body,
		CreatedBy:  sub.CreatedBy,
		CreatedAt:  now,
		Status:     status,
		ShopDomain: sub.ShopDomain,
		CustomerID: sub.CustomerID,
	}
	if sub.Automated {
		return review, nil // answered as if stored, so that the bot learns nothing
	}
	clientHash, err := s.clientHash(ctx, client)
	if err != nil {
		return Review{}, err
	}
	review.ClientHash = clientHash
	wait, err := s.limiter.Allow(ctx, clientHash)
	if err != nil {
		return Review{}, unavailable(err)
	}
	if wait > 0 {
		retry := &RetryAfterError{Wait: wait}
		return Review{}, errs.Wrap(errs.TooManyRequests, "rate_limited", retry,
			fmt.Sprintf("You have posted several reviews in a short time. Please wait %d seconds before the next.", retry.Seconds()))
	}
	for attempt := range maxIDAttempts {
		if attempt > 0 {
			review.ID = NewID(now, randomUint64())
		}
		stored, err := s.store.AddReview(ctx, review, fingerprint(sub), now.Add(-DuplicateWindow))
		if errors.Is(err, ErrIDTaken) {
			continue
		}
		if err != nil {
			return Review{}, unavailable(err)
		}
		if stored.ID == review.ID {
			return stored, nil
		}
		if stored.ClientHash != review.ClientHash {
			return review, nil
		}
		// A failed refund leaves the duplicate counted: the review stands.
		_ = s.limiter.Refund(ctx, clientHash)
		return stored, nil
	}
	return Review{}, unavailable(fmt.Errorf("%d random review ids in a row were taken", maxIDAttempts))
}

// ErrIDTaken is the store's answer to a review whose id another one has.
var ErrIDTaken = errors.New("the review id is taken")

// maxIDAttempts bounds the ids tried for one review. Two reviews share an id
// only when posted in the same millisecond with the same 12 random bits, so
// a second attempt is rare and a third all but never happens.
const maxIDAttempts = 5

func (s *Service) checkKnitter(ctx context.Context, id int64) error {
	ok, err := s.store.KnitterExists(ctx, id)
	if err != nil {
		return unavailable(err)
	}
	if !ok {
		return ErrUnknownKnitter
	}
	return nil
}

// fingerprint identifies a review's text: its name and body.
func fingerprint(sub Submission) string {
	h := sha256.New()
	h.Write([]byte(sub.CreatedBy))
	h.Write([]byte{0}) // neither text holds a NUL, so the split is unambiguous
	h.Write([]byte(sub.Body))
	return hex.EncodeToString(h.Sum(nil))
}

// ClientKey is what identifies a client for its limits: its IPv4 address, or
// the /64 network of its IPv6 address, since one host commonly holds a whole
// /64 and could otherwise post from endless addresses.
func ClientKey(addr netip.Addr) string {
	addr = addr.Unmap()
	if addr.Is6() {
		prefix, _ := addr.Prefix(64)
		return prefix.String()
	}
	return addr.String()
}

// clientHash returns the HMAC-SHA256 of the client's key under the salt kept
// in the database, in hex: stable across restarts and instances, and no use
// to anyone who reads the database without the salt.
func (s *Service) clientHash(ctx context.Context, client netip.Addr) (string, error) {
	salt, err := s.clientSalt(ctx)
	if err != nil {
		return "", unavailable(err)
	}
	mac := hmac.New(sha256.New, salt)
	mac.Write([]byte(ClientKey(client)))
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// clientSalt loads the salt once, creating it when the database has none.
func (s *Service) clientSalt(ctx context.Context) ([]byte, error) {
	s.saltMu.Lock()
	defer s.saltMu.Unlock()
	if s.salt != nil {
		return s.salt, nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails
	stored, err := s.store.Secret(ctx, clientSaltSecret, hex.EncodeToString(fresh))
	if err != nil {
		return nil, fmt.Errorf("loading the client salt: %w", err)
	}
	salt, err := hex.DecodeString(stored)
	if err != nil || len(salt) == 0 {
		return nil, fmt.Errorf("the stored secret %s is not hex", clientSaltSecret)
	}
	s.salt = salt
	return salt, nil
}

func randomUint64() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.BigEndian.Uint64(b[:])
}

// SetStatus publishes or hides a review (or holds it again as pending) and
// returns it.
func (s *Service) SetStatus(ctx context.Context, id int64, status Status) (Review, error) {
	r, err := s.store.SetReviewStatus(ctx, id, status)
	if errors.Is(err, errs.ErrNotFound) {
		return Review{}, ErrUnknownReview
	}
	if err != nil {
		return Review{}, unavailable(err)
	}
	return r, nil
}

// Delete deletes a review for good.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.store.DeleteReview(ctx, id)
	if errors.Is(err, errs.ErrNotFound) {
		return ErrUnknownReview
	}
	if err != nil {
		return unavailable(err)
	}
	return nil
}
