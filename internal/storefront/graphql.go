package storefront

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/graph-gophers/graphql-go"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// The Storefront GraphQL calls the widgets make, at
// POST /api/{version}/graphql.json. Bad input comes back as userErrors, as
// Shopify gives them, or as GraphQL errors; never as a crash.

//go:embed storefront.graphql
var storefrontSchema string

// Limits on a GraphQL request. maxRootFields bounds its cost: each root
// field (a product read, a cart created or changed) is a database round
// trip, and aliases let one request ask for hundreds; the widgets ask for
// one at a time.
const (
	maxQueryBytes  = 16 << 10
	maxQueryDepth  = 12
	maxRootFields  = 10
	maxConnection  = 250
	maxEmailLength = 254
	maxPhoneLength = 32
)

// The id prefixes of Shopify's global ids.
const (
	cartGID        = "gid://shopify/Cart/"
	cartLineGID    = "gid://shopify/CartLine/"
	productGID     = "gid://shopify/Product/"
	variantGID     = "gid://shopify/ProductVariant/"
	sellingPlanGID = "gid://shopify/SellingPlan/"
)

func newGraphQLSchema(s *Storefront) (*graphql.Schema, error) {
	schema, err := graphql.ParseSchema(storefrontSchema, &queryRoot{s},
		graphql.MaxDepth(maxQueryDepth), graphql.MaxQueryLength(maxQueryBytes))
	if err != nil {
		return nil, fmt.Errorf("storefront GraphQL schema: %w", err)
	}
	return schema, nil
}

// apiVersion is a Storefront API version: a quarter such as 2026-10, or
// unstable.
var apiVersion = regexp.MustCompile(`^(\d{4}-(01|04|07|10)|unstable)$`)

type graphQLRequest struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
}

// requestOrigin carries the request's origin to the resolvers, which build
// absolute checkout URLs.
type requestOrigin struct{}

// rootFieldBudget carries the count of root fields a request has left.
type rootFieldBudget struct{}

var errTooManyRootFields = fmt.Errorf("a request may ask for at most %d products and cart changes; send the rest in another", maxRootFields)

// spendRootField takes one root field from the request's budget, or
// refuses the field when none is left.
func spendRootField(ctx context.Context) error {
	left, _ := ctx.Value(rootFieldBudget{}).(*atomic.Int32)
	if left == nil || left.Add(-1) < 0 {
		return errTooManyRootFields
	}
	return nil
}

// storefrontAPI serves the Storefront API. Any X-Shopify-Storefront-Access-Token
// is accepted: the dev storefront has no private data.
func (s *Storefront) storefrontAPI(w http.ResponseWriter, r *http.Request) {
	if !apiVersion.MatchString(r.PathValue("version")) {
		writeJSON(w, http.StatusNotFound, map[string]string{"errors": "Not Found"})
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	var req graphQLRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Query == "" {
		writeJSON(w, http.StatusBadRequest, map[string]any{"errors": []map[string]string{
			{"message": "The body must be a JSON object with a query."}}})
		return
	}
	origin := "http://" + r.Host
	if r.TLS != nil {
		origin = "https://" + r.Host
	}
	ctx := context.WithValue(r.Context(), requestOrigin{}, origin)
	var budget atomic.Int32
	budget.Store(maxRootFields)
	ctx = context.WithValue(ctx, rootFieldBudget{}, &budget)
	writeJSON(w, http.StatusOK, s.graphql.Exec(ctx, req.Query, req.OperationName, req.Variables))
}

type queryRoot struct{ s *Storefront }

// Product is product(handle:, id:).
func (q *queryRoot) Product(ctx context.Context, args struct {
	Handle *string
	ID     *graphql.ID
}) (*productResolver, error) {
	if err := spendRootField(ctx); err != nil {
		return nil, err
	}
	index, err := q.s.catalogue(ctx)
	if err != nil {
		return nil, errors.New("the catalogue is unavailable")
	}
	var product *catalog.Product
	switch {
	case args.Handle != nil:
		product, _ = index.Product(*args.Handle)
	case args.ID != nil:
		if id, ok := parseGID(string(*args.ID), productGID); ok {
			product, _ = productByID(index, id)
		}
	default:
		return nil, errors.New("product needs a handle or an id")
	}
	if product == nil {
		return nil, nil
	}
	return &productResolver{product}, nil
}

type cartInput struct {
	Lines         *[]cartLineInput
	BuyerIdentity *buyerIdentityInput
	Note          *string
	Attributes    *[]attributeInput
}

type cartLineInput struct {
	MerchandiseID graphql.ID
	Quantity      int32
	SellingPlanID *graphql.ID
	Attributes    *[]attributeInput
}

type buyerIdentityInput struct {
	CountryCode *string
	Email       *string
	Phone       *string
}

type attributeInput struct {
	Key, Value string
}

// cartPayload is the answer of both cart mutations.
type cartPayload struct {
	cart       *cartResolver
	userErrors []*userError
}

func (p *cartPayload) Cart() *cartResolver      { return p.cart }
func (p *cartPayload) UserErrors() []*userError { return p.userErrors }

type userError struct {
	code    string
	field   []string
	message string
}

func (e *userError) Code() *string             { return &e.code }
func (e *userError) Field() *[]string          { return &e.field }
func (e *userError) Message() string           { return e.message }
func failed(errors ...*userError) *cartPayload { return &cartPayload{userErrors: errors} }

// CartCreate is cartCreate(input:).
func (q *queryRoot) CartCreate(ctx context.Context, args struct{ Input *cartInput }) (*cartPayload, error) {
	if err := spendRootField(ctx); err != nil {
		return nil, err
	}
	in := args.Input
	if in == nil {
		in = &cartInput{}
	}
	index, err := q.s.catalogue(ctx)
	if err != nil {
		return nil, errors.New("the catalogue is unavailable")
	}
	var lines []cartLineInput
	if in.Lines != nil {
		lines = *in.Lines
	}
	items, problems := lineItems(index, lines, []string{"input", "lines"})
	var buyer cart.Buyer
	if b := in.BuyerIdentity; b != nil {
		buyer, problems = buyerOf(b, problems)
	}
	if len(problems) > 0 {
		return failed(problems...), nil
	}
	token := cart.NewToken()
	c, err := q.s.cfg.Store.ChangeCart(ctx, token, q.s.cfg.Now(), func(c *cart.Cart) error {
		c.Buyer = buyer
		if in.Note != nil {
			if err := c.SetNote(*in.Note); err != nil {
				return err
			}
		}
		if in.Attributes != nil {
			if err := c.SetAttributes(attributesOf(*in.Attributes)); err != nil {
				return err
			}
		}
		_, err := c.Add(index, items)
		return err
	})
	if err != nil {
		return cartFailure(err, []string{"input"})
	}
	return &cartPayload{cart: q.s.cartResolver(ctx, c, index)}, nil
}

// CartLinesAdd is cartLinesAdd(cartId:, lines:).
func (q *queryRoot) CartLinesAdd(ctx context.Context, args struct {
	CartID graphql.ID
	Lines  []cartLineInput
}) (*cartPayload, error) {
	if err := spendRootField(ctx); err != nil {
		return nil, err
	}
	notFound := failed(&userError{"INVALID", []string{"cartId"}, "The specified cart does not exist."})
	token, ok := cartTokenOf(string(args.CartID))
	if !ok {
		return notFound, nil
	}
	if len(args.Lines) == 0 {
		return failed(&userError{"INVALID", []string{"lines"}, "lines are required"}), nil
	}
	index, err := q.s.catalogue(ctx)
	if err != nil {
		return nil, errors.New("the catalogue is unavailable")
	}
	if _, err := q.s.cfg.Store.Cart(ctx, token); errors.Is(err, errs.ErrNotFound) {
		return notFound, nil
	} else if err != nil {
		return nil, errors.New("carts are unavailable")
	}
	items, problems := lineItems(index, args.Lines, []string{"lines"})
	if len(problems) > 0 {
		return failed(problems...), nil
	}
	c, err := q.s.cfg.Store.ChangeCart(ctx, token, q.s.cfg.Now(), func(c *cart.Cart) error {
		_, err := c.Add(index, items)
		return err
	})
	if err != nil {
		return cartFailure(err, []string{"lines"})
	}
	return &cartPayload{cart: q.s.cartResolver(ctx, c, index)}, nil
}

// lineItems checks each line on its own, so that a problem names the line
// it is in.
func lineItems(index *catalog.Index, lines []cartLineInput, field []string) ([]cart.Item, []*userError) {
	var items []cart.Item
	var problems []*userError
	for i, line := range lines {
		at := append(append([]string{}, field...), strconv.Itoa(i))
		id, ok := parseGID(string(line.MerchandiseID), variantGID)
		if _, _, exists := index.Variant(id); !ok || !exists {
			problems = append(problems, &userError{"INVALID", append(at, "merchandiseId"),
				fmt.Sprintf("The merchandise with id %s does not exist.", truncate(string(line.MerchandiseID), 80))})
			continue
		}
		item := cart.Item{VariantID: id, Quantity: int(line.Quantity)}
		if line.SellingPlanID != nil {
			if item.SellingPlanID, ok = parseGID(string(*line.SellingPlanID), sellingPlanGID); !ok {
				problems = append(problems, &userError{"INVALID", append(at, "sellingPlanId"), "The selling plan id is not valid."})
				continue
			}
		}
		if line.Attributes != nil {
			item.Properties = attributesOf(*line.Attributes)
		}
		var scratch cart.Cart
		if _, err := scratch.Add(index, []cart.Item{item}); err != nil {
			var refusal *cart.Refusal
			if errors.As(err, &refusal) {
				problems = append(problems, &userError{refusalCode(refusal.Reason), at, refusal.Description})
				continue
			}
		}
		items = append(items, item)
	}
	return items, problems
}

// cartFailure turns a refused change into userErrors; other failures are
// GraphQL errors.
func cartFailure(err error, field []string) (*cartPayload, error) {
	var refusal *cart.Refusal
	if errors.As(err, &refusal) {
		return failed(&userError{refusalCode(refusal.Reason), field, refusal.Description}), nil
	}
	return nil, errors.New("carts are unavailable")
}

func refusalCode(r cart.Reason) string {
	switch r {
	case cart.SoldOut:
		return "MERCHANDISE_OUT_OF_STOCK"
	case cart.NotEnoughStock:
		return "MERCHANDISE_NOT_ENOUGH_STOCK"
	case cart.InvalidInput:
		return "INVALID_MERCHANDISE_LINE"
	}
	return "INVALID"
}

var phonePattern = regexp.MustCompile(`^\+?[0-9 ()-]{4,}$`)

func buyerOf(b *buyerIdentityInput, problems []*userError) (cart.Buyer, []*userError) {
	var buyer cart.Buyer
	field := func(name string) []string { return []string{"input", "buyerIdentity", name} }
	if b.CountryCode != nil {
		buyer.CountryCode = *b.CountryCode
	}
	if b.Email != nil {
		if _, err := mail.ParseAddress(*b.Email); err != nil || len(*b.Email) > maxEmailLength || strings.ContainsAny(*b.Email, "<>") {
			problems = append(problems, &userError{"INVALID", field("email"), "Email is invalid"})
		} else {
			buyer.Email = *b.Email
		}
	}
	if b.Phone != nil {
		if !phonePattern.MatchString(*b.Phone) || len(*b.Phone) > maxPhoneLength {
			problems = append(problems, &userError{"INVALID", field("phone"), "Phone is invalid"})
		} else {
			buyer.Phone = *b.Phone
		}
	}
	return buyer, problems
}

func attributesOf(list []attributeInput) map[string]string {
	out := make(map[string]string, len(list))
	for _, a := range list {
		out[a.Key] = a.Value
	}
	return out
}

// parseGID reads the number of a global id with the prefix.
func parseGID(id, prefix string) (int64, bool) {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	return n, err == nil && n > 0
}

// cartTokenOf reads the token of a cart's global id; Shopify's carry a key
// after a question mark, which the dev storefront does not need.
func cartTokenOf(id string) (string, bool) {
	rest, ok := strings.CutPrefix(id, cartGID)
	token, _, _ := strings.Cut(rest, "?")
	return token, ok && cart.ValidToken(token)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// cartResolver is a Cart, priced in the buyer's market.
type cartResolver struct {
	priced cart.Priced
	origin string
}

func (s *Storefront) cartResolver(ctx context.Context, c cart.Cart, index *catalog.Index) *cartResolver {
	market := money.DefaultMarket
	if c.Buyer.CountryCode != "" {
		market = marketOf(c.Buyer.CountryCode)
	}
	origin, _ := ctx.Value(requestOrigin{}).(string)
	return &cartResolver{priced: s.price(ctx, c, market, index), origin: origin}
}

func (c *cartResolver) ID() graphql.ID { return graphql.ID(cartGID + c.priced.Cart.Token) }
func (c *cartResolver) CheckoutURL() absoluteURL {
	return absoluteURL(c.origin + "/checkouts/" + c.priced.Cart.Token)
}
func (c *cartResolver) TotalQuantity() int32 {
	return int32(c.priced.ItemCount)
}
func (c *cartResolver) Note() *string { return &c.priced.Cart.Note }
func (c *cartResolver) BuyerIdentity() *buyerResolver {
	return &buyerResolver{c.priced.Cart.Buyer}
}

type connectionArgs struct {
	First *int32
	After *string
}

// window returns the part of a list of n items a connection shows: the
// first `first` after the cursor (an index).
func (a connectionArgs) window(n int) (from, to int, err error) {
	if a.First == nil {
		return 0, 0, errors.New("you must provide one of first or last")
	}
	if *a.First < 0 || *a.First > maxConnection {
		return 0, 0, fmt.Errorf("first must be between 0 and %d", maxConnection)
	}
	if a.After != nil {
		after, err := strconv.Atoi(*a.After)
		if err != nil || after < 0 {
			return 0, 0, errors.New("after is not a cursor of this connection")
		}
		from = min(after+1, n)
	}
	return from, min(n, from+int(*a.First)), nil
}

func (c *cartResolver) Lines(args connectionArgs) (*lineConnection, error) {
	from, to, err := args.window(len(c.priced.Lines))
	if err != nil {
		return nil, err
	}
	conn := &lineConnection{}
	for i := from; i < to; i++ {
		conn.lines = append(conn.lines, &lineResolver{line: c.priced.Lines[i], cart: c.priced, cursor: strconv.Itoa(i)})
	}
	return conn, nil
}

type buyerResolver struct{ b cart.Buyer }

func (b *buyerResolver) CountryCode() *string { return optional(b.b.CountryCode) }
func (b *buyerResolver) Email() *string       { return optional(b.b.Email) }
func (b *buyerResolver) Phone() *string       { return optional(b.b.Phone) }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type lineConnection struct{ lines []*lineResolver }

func (c *lineConnection) Nodes() []*lineResolver { return c.lines }
func (c *lineConnection) Edges() []*lineResolver { return c.lines }

// lineResolver is a CartLine, and its own edge.
type lineResolver struct {
	line   cart.PricedLine
	cart   cart.Priced
	cursor string
}

func (l *lineResolver) Node() *lineResolver { return l }
func (l *lineResolver) Cursor() string      { return l.cursor }
func (l *lineResolver) ID() graphql.ID {
	_, hash, _ := strings.Cut(l.line.Key, ":")
	return graphql.ID(cartLineGID + hash + "?cart=" + l.cart.Cart.Token)
}
func (l *lineResolver) Quantity() int32 { return int32(l.line.Quantity) }
func (l *lineResolver) Merchandise() *merchandiseResolver {
	return &merchandiseResolver{&variantResolver{l.line.Variant}}
}
func (l *lineResolver) DiscountAllocations() []*discountAllocationResolver {
	if l.line.Discount.Amount == 0 {
		return []*discountAllocationResolver{}
	}
	return []*discountAllocationResolver{{&automaticAllocation{
		amount: moneyV2{l.line.LineDiscount(), l.cart.Currency}, title: l.line.Discount.Title,
	}}}
}

// merchandiseResolver is the Merchandise union: a ProductVariant.
type merchandiseResolver struct{ variant *variantResolver }

func (m *merchandiseResolver) ToProductVariant() (*variantResolver, bool) { return m.variant, true }

// discountAllocationResolver is the CartDiscountAllocation interface.
type discountAllocationResolver struct{ automatic *automaticAllocation }

func (d *discountAllocationResolver) DiscountedAmount() moneyV2 { return d.automatic.amount }
func (d *discountAllocationResolver) ToCartAutomaticDiscountAllocation() (*automaticAllocation, bool) {
	return d.automatic, true
}

type automaticAllocation struct {
	amount moneyV2
	title  string
}

func (a *automaticAllocation) DiscountedAmount() moneyV2 { return a.amount }
func (a *automaticAllocation) Title() string             { return a.title }

type moneyV2 struct {
	amount   money.Amount
	currency money.Currency
}

func (m moneyV2) Amount() decimal      { return decimal(m.amount.Fixed()) }
func (m moneyV2) CurrencyCode() string { return string(m.currency) }

type productResolver struct{ p *catalog.Product }

func (p *productResolver) ID() graphql.ID {
	return graphql.ID(productGID + strconv.FormatInt(p.p.ID, 10))
}
func (p *productResolver) Handle() string { return p.p.Handle }
func (p *productResolver) Title() string  { return p.p.Title }
func (p *productResolver) Variants(args connectionArgs) (*variantConnection, error) {
	from, to, err := args.window(len(p.p.Variants))
	if err != nil {
		return nil, err
	}
	conn := &variantConnection{}
	for i := from; i < to; i++ {
		conn.edges = append(conn.edges, &variantEdge{&variantResolver{&p.p.Variants[i]}, strconv.Itoa(i)})
	}
	return conn, nil
}

type variantConnection struct{ edges []*variantEdge }

func (c *variantConnection) Edges() []*variantEdge { return c.edges }
func (c *variantConnection) Nodes() []*variantResolver {
	nodes := make([]*variantResolver, len(c.edges))
	for i, e := range c.edges {
		nodes[i] = e.node
	}
	return nodes
}

type variantEdge struct {
	node   *variantResolver
	cursor string
}

func (e *variantEdge) Node() *variantResolver { return e.node }
func (e *variantEdge) Cursor() string         { return e.cursor }

type variantResolver struct{ v *catalog.Variant }

func (v *variantResolver) ID() graphql.ID {
	return graphql.ID(variantGID + strconv.FormatInt(v.v.ID, 10))
}
func (v *variantResolver) Title() string { return v.v.Title }
func (v *variantResolver) SKU() *string  { return optional(v.v.SKU) }

// Metafield reads the variant's metafields the storefront may see: only
// custom.preordercontent, when the variant has one.
func (v *variantResolver) Metafield(args struct {
	Namespace *string
	Key       string
}) *metafieldResolver {
	namespace := "custom"
	if args.Namespace != nil {
		namespace = *args.Namespace
	}
	if namespace != "custom" || args.Key != "preordercontent" || v.v.PreorderContent == "" {
		return nil
	}
	return &metafieldResolver{namespace, args.Key, v.v.PreorderContent}
}

type metafieldResolver struct{ namespace, key, value string }

func (m *metafieldResolver) Namespace() string { return m.namespace }
func (m *metafieldResolver) Key() string       { return m.key }
func (m *metafieldResolver) Type() string      { return "single_line_text_field" }
func (m *metafieldResolver) Value() string     { return m.value }

// decimal is the Decimal scalar: a number sent as a string.
type decimal string

// ImplementsGraphQLType ties the type to the schema's scalar.
func (decimal) ImplementsGraphQLType(name string) bool { return name == "Decimal" }

// UnmarshalGraphQL reads a Decimal argument.
func (d *decimal) UnmarshalGraphQL(input any) error {
	s, ok := input.(string)
	if !ok {
		return errors.New("a Decimal is a string such as \"12.50\"")
	}
	*d = decimal(s)
	return nil
}

// absoluteURL is the URL scalar.
type absoluteURL string

// ImplementsGraphQLType ties the type to the schema's scalar.
func (absoluteURL) ImplementsGraphQLType(name string) bool { return name == "URL" }

// UnmarshalGraphQL reads a URL argument.
func (u *absoluteURL) UnmarshalGraphQL(input any) error {
	s, ok := input.(string)
	if !ok {
		return errors.New("a URL is a string")
	}
	*u = absoluteURL(s)
	return nil
}
