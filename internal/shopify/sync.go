package shopify

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
)

// RequiredScopes are the Admin API access scopes a sync reads with.
var RequiredScopes = []string{"read_products", "read_inventory", "read_discounts"}

// bulkPollInterval is how often a sync asks whether its bulk query is done.
const bulkPollInterval = time.Second

// maxBulkLineBytes bounds one line of a bulk result: one product or variant.
const maxBulkLineBytes = 4 << 20

// Shop is a shop's catalogue as a sync read it: the collections and the
// automatic discounts whole, and the products, which are most of a shop,
// kept compact and made whole one at a time as they are written.
type Shop struct {
	Collections []catalog.Collection
	Discounts   []discount.Rule
	// Skipped names what could not be kept, and why.
	Skipped                   []Skipped
	products, variants, plans int
	b                         *builder
}

// Counts are the numbers of products, variants and pre-order plans read.
func (s *Shop) Counts() (products, variants, plans int) {
	return s.products, s.variants, s.plans
}

// Products yields each product in the order the shop listed it, each
// checked as an import document's products are, or an error that says why
// the catalogue cannot be imported. Ids and handles used twice across
// products are left for the database's unique keys to refuse. It can be
// ranged over once: each product's variants are let go once yielded, so
// that the memory they held serves the writing of the rest.
func (s *Shop) Products(yield func(catalog.Product, error) bool) {
	for _, held := range s.b.products {
		p := held.product()
		held.variants = nil
		if err := (catalog.Document{Products: []catalog.Product{p}}).Validate(); err != nil {
			yield(catalog.Product{}, fmt.Errorf("the shop's catalogue cannot be imported: product %q: %w", p.Handle, err))
			return
		}
		if !yield(p, nil) {
			return
		}
	}
}

// Read reads the shop's whole catalogue: products, variants, market prices
// and collections through a bulk query whose result is streamed line by
// line, then pre-order plans and automatic discounts page by page. knitters
// are the knitters knitfront has, whom products may name. What cannot be
// kept is named in the shop's skipped list, and the rest goes on.
func (c *Client) Read(ctx context.Context, knitters []catalog.Knitter) (*Shop, error) {
	if err := c.CheckScopes(ctx); err != nil {
		return nil, err
	}
	b := newBuilder(knitters)
	resultURL, err := c.runBulkQuery(ctx, ProductsBulkOp.Query)
	if err != nil {
		return nil, err
	}
	if resultURL != "" {
		if err := c.streamBulkResult(ctx, resultURL, b.addLine); err != nil {
			return nil, err
		}
	}
	if err := c.readPlanGroups(ctx, b); err != nil {
		return nil, err
	}
	if err := c.readDiscounts(ctx, b); err != nil {
		return nil, err
	}
	return b.shop()
}

// shop finishes what b read into the shop a sync writes.
func (b *builder) shop() (*Shop, error) {
	b.finishProducts()
	shop := &Shop{Collections: b.collections, Discounts: b.buildRules(b.eachProduct), b: b}
	if shop.Collections == nil {
		shop.Collections = []catalog.Collection{}
	}
	if err := (catalog.Document{Collections: shop.Collections, Discounts: shop.Discounts}).Validate(); err != nil {
		return nil, fmt.Errorf("the shop's catalogue cannot be imported: %w", err)
	}
	shop.Skipped = b.skipped
	for _, p := range b.products {
		shop.products++
		shop.variants += len(p.variants)
		shop.plans += len(p.SellingPlans)
	}
	return shop, nil
}

// Document is the whole shop as one catalogue document, every product held
// at once: for a small shop, and for tests.
func (s *Shop) Document() (catalog.Document, error) {
	doc := catalog.Document{Collections: s.Collections, Products: []catalog.Product{}, Discounts: s.Discounts}
	for p, err := range s.Products {
		if err != nil {
			return catalog.Document{}, err
		}
		doc.Products = append(doc.Products, p)
	}
	return doc, nil
}

// CheckScopes names the scopes a sync reads with that the token lacks.
func (c *Client) CheckScopes(ctx context.Context) error {
	return c.requireScopes(ctx, RequiredScopes, "the Admin API access token lacks scopes a sync reads with")
}

// requireScopes asks which scopes the token has and names those of
// required it lacks, in an *AuthError with reason. A write scope includes
// its read scope.
func (c *Client) requireScopes(ctx context.Context, required []string, reason string) error {
	answer, err := AccessScopes(ctx, c)
	if err != nil {
		return err
	}
	granted := map[string]bool{}
	for _, s := range answer.CurrentAppInstallation.AccessScopes {
		granted[s.Handle] = true
	}
	var missing []string
	for _, scope := range required {
		if resource, isRead := strings.CutPrefix(scope, "read_"); !granted[scope] && !(isRead && granted["write_"+resource]) {
			missing = append(missing, scope)
		}
	}
	if len(missing) > 0 {
		return &AuthError{Scopes: missing, Reason: reason}
	}
	return nil
}

// runBulkQuery starts a bulk query, waits until Shopify has written its
// result and returns the result's address; "" when the result is empty.
func (c *Client) runBulkQuery(ctx context.Context, query string) (string, error) {
	started, err := RunBulkQuery(ctx, c, query)
	if err != nil {
		return "", err
	}
	run := started.BulkOperationRunQuery
	if run == nil || len(run.UserErrors) > 0 || run.BulkOperation == nil {
		var errs []error
		if run != nil {
			for _, e := range run.UserErrors {
				errs = append(errs, errors.New(e.Message))
			}
		}
		return "", fmt.Errorf("Shopify did not start the bulk query: %w", errors.Join(errs...))
	}
	id := run.BulkOperation.Id
	for {
		current, err := CurrentBulkOperation(ctx, c)
		if err != nil {
			return "", err
		}
		op := current.CurrentBulkOperation
		if op == nil || op.Id != id {
			return "", fmt.Errorf("the bulk query %s is no longer the shop's current one: another app session started its own", id)
		}
		switch op.Status {
		case BulkOperationStatusCompleted:
			if op.Url == nil {
				return "", nil
			}
			return *op.Url, nil
		case BulkOperationStatusCreated, BulkOperationStatusRunning:
		default:
			code := ""
			if op.ErrorCode != nil {
				code = " (" + string(*op.ErrorCode) + ")"
			}
			return "", fmt.Errorf("the bulk query %s ended %s%s", id, op.Status, code)
		}
		if err := c.wait(ctx, bulkPollInterval); err != nil {
			return "", err
		}
	}
}

// streamBulkResult downloads a bulk result and hands each line to take as
// it arrives, so the file is never held whole.
func (c *Client) streamBulkResult(ctx context.Context, url string, take func([]byte)) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("downloading the bulk result: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("downloading the bulk result: HTTP %d", resp.StatusCode)
	}
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(make([]byte, 0, 64<<10), maxBulkLineBytes)
	for lines.Scan() {
		if len(lines.Bytes()) > 0 {
			take(lines.Bytes())
		}
	}
	if err := lines.Err(); err != nil {
		return fmt.Errorf("reading the bulk result: %w", err)
	}
	return nil
}

// eachPage reads a connection page after page: read reads the page after
// the cursor (nil for the first) and returns where it ends, until the last.
func eachPage(read func(after *string) (PageFields, error)) error {
	var after *string
	for {
		page, err := read(after)
		if err != nil {
			return err
		}
		if !page.HasNextPage {
			return nil
		}
		after = page.EndCursor
	}
}

// rawPage is one page of a connection, its nodes left undecoded so that
// each is decoded apart.
type rawPage struct {
	PageInfo PageFields        `json:"pageInfo"`
	Nodes    []json.RawMessage `json:"nodes"`
}

// eachNode runs op page after page and hands each node of its connection
// named field to take, decoded into the generated type T; a node that does
// not decode, one holding a kind of object knitfront does not know, is
// named as skipped and the rest go on.
func eachNode[T any](ctx context.Context, c *Client, b *builder, op Operation, field string, take func(T)) error {
	return eachPage(func(after *string) (PageFields, error) {
		var answer map[string]rawPage
		if err := c.Do(ctx, op, map[string]any{"after": after}, &answer); err != nil {
			return PageFields{}, err
		}
		page := answer[field]
		for _, raw := range page.Nodes {
			var node T
			if decodeNode(b, raw, &node) {
				take(node)
			}
		}
		return page.PageInfo, nil
	})
}

func (c *Client) readPlanGroups(ctx context.Context, b *builder) error {
	return eachNode(ctx, c, b, SellingPlanGroupsOp, "sellingPlanGroups", b.addPlanGroup)
}

func (c *Client) readDiscounts(ctx context.Context, b *builder) error {
	return eachNode(ctx, c, b, AutomaticDiscountsOp, "discountNodes", func(n DiscountNode) {
		b.discounts = append(b.discounts, n)
	})
}
