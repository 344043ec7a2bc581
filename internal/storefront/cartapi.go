package storefront

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"knitfront/internal/cart"
	"knitfront/internal/errs"
)

// Shopify's AJAX cart API: /cart.js and the /cart/*.js changes, answering
// Shopify's JSON shapes with money in cents of the shopper's currency, and
// its errors as {status, message, description}.

// cartError is the AJAX cart's error answer.
type cartError struct {
	Status      int    `json:"status"`
	Message     string `json:"message"`
	Description string `json:"description"`
}

// badParams reports a request whose parameters are missing or malformed.
type badParams struct{ description string }

func (e badParams) Error() string { return e.description }

func missing(name string) error {
	return badParams{"Required parameter missing or invalid: " + name}
}

// refusalStatus maps why the cart refused a change to Shopify's status.
var refusalStatus = map[cart.Reason]int{
	cart.UnknownVariant:          http.StatusNotFound,
	cart.UnknownLine:             http.StatusBadRequest,
	cart.SoldOut:                 http.StatusUnprocessableEntity,
	cart.NotEnoughStock:          http.StatusUnprocessableEntity,
	cart.SellingPlanRequired:     http.StatusUnprocessableEntity,
	cart.SellingPlanNotAvailable: http.StatusUnprocessableEntity,
	cart.InvalidInput:            http.StatusUnprocessableEntity,
}

func (s *Storefront) writeCartError(w http.ResponseWriter, r *http.Request, err error) {
	var refusal *cart.Refusal
	var bad badParams
	switch {
	case errors.As(err, &refusal):
		status := refusalStatus[refusal.Reason]
		writeJSON(w, status, cartError{Status: status, Message: "Cart Error", Description: refusal.Description})
	case errors.As(err, &bad):
		writeJSON(w, http.StatusBadRequest, cartError{Status: http.StatusBadRequest, Message: "Parameter Missing or Invalid", Description: bad.description})
	default:
		s.log.ErrorContext(r.Context(), "cart request failed", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, cartError{Status: http.StatusInternalServerError, Message: "Cart Error",
			Description: errs.InternalMessage})
	}
}

// cartJS is GET /cart.js: the shopper's cart.
func (s *Storefront) cartJS(w http.ResponseWriter, r *http.Request) {
	v, err := s.newVisit(w, r)
	if err != nil {
		s.writeCartError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v.cart)
}

// change runs a change on the visitor's cart and prices the result.
func (s *Storefront) change(v *visit, fn func(*cart.Cart) error) error {
	c, err := s.cfg.Store.ChangeCart(v.r.Context(), v.token, s.cfg.Now(), fn)
	if err != nil {
		return err
	}
	v.setCart(s.price(v.r.Context(), c, v.market, v.index))
	return nil
}

// cartChange is one request to change the cart: read its parameters, make
// the change, then answer.
func (s *Storefront) cartChange(w http.ResponseWriter, r *http.Request,
	apply func(v *visit, p params) error, answer func(w http.ResponseWriter, v *visit, p params)) {
	p, err := readParams(w, r)
	if err != nil {
		s.writeCartError(w, r, err)
		return
	}
	v, err := s.newVisit(w, r)
	if err != nil {
		s.writeCartError(w, r, err)
		return
	}
	if err := apply(v, p); err != nil {
		s.writeCartError(w, r, err)
		return
	}
	answer(w, v, p)
}

// cartAddJS is POST /cart/add.js: {items: [{id, quantity, properties,
// selling_plan}]}, or one item's fields at the top level. It answers the
// added line, or {items: [...]} when items were given.
func (s *Storefront) cartAddJS(w http.ResponseWriter, r *http.Request) {
	var keys []string
	s.cartChange(w, r, func(v *visit, p params) error {
		items, err := p.items()
		if err != nil {
			return err
		}
		return s.change(v, func(c *cart.Cart) error {
			keys, err = c.Add(v.index, items)
			return err
		})
	}, func(w http.ResponseWriter, v *visit, p params) {
		var added []*lineItemObject
		for _, key := range keys {
			if i := slices.IndexFunc(v.cart.Items, func(l *lineItemObject) bool { return l.Key == key }); i >= 0 {
				added = append(added, v.cart.Items[i])
			}
		}
		sections, err := s.sectionsFor(v, p)
		if err != nil {
			s.writeCartError(w, v.r, err)
			return
		}
		if _, many := p["items"]; many || len(added) != 1 {
			writeJSON(w, http.StatusOK, struct {
				Items    []*lineItemObject  `json:"items"`
				Sections map[string]*string `json:"sections,omitempty"`
			}{added, sections})
			return
		}
		writeJSON(w, http.StatusOK, struct {
			*lineItemObject
			Sections map[string]*string `json:"sections,omitempty"`
		}{added[0], sections})
	})
}

// cartChangeJS is POST /cart/change.js: {id: key or variant id | line,
// quantity, properties?, selling_plan?}.
func (s *Storefront) cartChangeJS(w http.ResponseWriter, r *http.Request) {
	s.cartChange(w, r, s.applyChange, s.answerCart)
}

// cartUpdateJS is POST /cart/update.js: {updates?, note?, attributes?}.
func (s *Storefront) cartUpdateJS(w http.ResponseWriter, r *http.Request) {
	s.cartChange(w, r, s.applyUpdate, s.answerCart)
}

// cartClearJS is POST /cart/clear.js.
func (s *Storefront) cartClearJS(w http.ResponseWriter, r *http.Request) {
	s.cartChange(w, r, func(v *visit, _ params) error {
		return s.change(v, func(c *cart.Cart) error { c.Clear(); return nil })
	}, s.answerCart)
}

func (s *Storefront) applyChange(v *visit, p params) error {
	var ref cart.LineRef
	switch {
	case p["line"] != nil:
		n, ok := intOf(p["line"])
		if !ok || n < 1 {
			return missing("line")
		}
		ref.Number = int(n)
	case p["id"] != nil:
		id, ok := scalarOf(p["id"])
		if !ok {
			return missing("id")
		}
		var err error
		if ref, err = cart.ParseLineID(id); err != nil {
			return err
		}
	default:
		return missing("id or line")
	}
	quantity, ok := intOf(p["quantity"])
	if !ok {
		return missing("quantity")
	}
	properties, err := stringMap(p["properties"])
	if err != nil {
		return err
	}
	var plan *int64
	if raw, given := p["selling_plan"]; given {
		id, err := sellingPlanOf(raw)
		if err != nil {
			return err
		}
		plan = &id
	}
	return s.change(v, func(c *cart.Cart) error {
		return c.Change(v.index, ref, int(quantity), properties, plan)
	})
}

func (s *Storefront) applyUpdate(v *visit, p params) error {
	note, hasNote := p["note"]
	noteText, ok := scalarOf(note)
	if hasNote && note != nil && !ok {
		return missing("note")
	}
	attributes, err := stringMap(p["attributes"])
	if err != nil {
		return err
	}
	byKey, byLine, err := updatesOf(p["updates"])
	if err != nil {
		return err
	}
	return s.change(v, func(c *cart.Cart) error {
		if byKey != nil {
			if err := c.SetQuantities(v.index, byKey); err != nil {
				return err
			}
		}
		if byLine != nil {
			if err := c.SetLineQuantities(v.index, byLine); err != nil {
				return err
			}
		}
		if hasNote {
			if err := c.SetNote(noteText); err != nil {
				return err
			}
		}
		if attributes != nil {
			return c.SetAttributes(attributes)
		}
		return nil
	})
}

// answerCart answers with the cart, and the sections asked for.
func (s *Storefront) answerCart(w http.ResponseWriter, v *visit, p params) {
	sections, err := s.sectionsFor(v, p)
	if err != nil {
		s.writeCartError(w, v.r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		*cartObject
		Sections map[string]*string `json:"sections,omitempty"`
	}{v.cart, sections})
}

// sectionsFor renders the sections a cart change asked for (sections, with
// the page of sections_url), from the changed cart, as Shopify's bundled
// section rendering does.
func (s *Storefront) sectionsFor(v *visit, p params) (map[string]*string, error) {
	var ids []string
	switch list := p["sections"].(type) {
	case nil:
		return nil, nil
	case string:
		ids = sectionIDs(list)
	default:
		for _, item := range listOf(list) {
			if id, ok := item.(string); ok && len(ids) < maxSections {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	pageURL, err := url.Parse(localPath(fmt.Sprint(p["sections_url"])))
	if err != nil || p["sections_url"] == nil {
		pageURL = &url.URL{Path: "/"}
	}
	html, err := s.theme.RenderSections(s.themePage(v, v.resolvePage(pageURL), pageURL), ids)
	if err != nil {
		return nil, err
	}
	return sectionsAnswer(ids, html), nil
}

// cartAddForm is POST /cart/add from a plain product form: it adds, then
// shows the cart. Dawn's product form posts its fields there by script,
// asking for JSON (Accept: application/javascript, X-Requested-With:
// XMLHttpRequest), and Shopify answers it as /cart/add.js.
func (s *Storefront) cartAddForm(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Requested-With") == "XMLHttpRequest" || strings.Contains(r.Header.Get("Accept"), "application/javascript") {
		s.cartAddJS(w, r)
		return
	}
	s.cartChange(w, r, func(v *visit, p params) error {
		items, err := p.items()
		if err != nil {
			return err
		}
		return s.change(v, func(c *cart.Cart) error {
			_, err := c.Add(v.index, items)
			return err
		})
	}, redirectTo("/cart"))
}

// cartChangeLink is GET /cart/change?id=KEY&quantity=0, the remove link
// (line_item.url_to_remove) of a cart without scripts.
func (s *Storefront) cartChangeLink(w http.ResponseWriter, r *http.Request) {
	p := params{}
	for name := range r.URL.Query() {
		p[name] = r.URL.Query().Get(name)
	}
	v, err := s.newVisit(w, r)
	if err != nil {
		s.writeCartError(w, r, err)
		return
	}
	if err := s.applyChange(v, p); err != nil {
		s.writeCartError(w, r, err)
		return
	}
	http.Redirect(w, r, "/cart", http.StatusFound)
}

// cartForm is POST /cart, the cart page's and drawer's form: it applies the
// quantities and note it carries, then goes to checkout when its checkout
// button sent it, or back to the cart.
func (s *Storefront) cartForm(w http.ResponseWriter, r *http.Request) {
	s.cartChange(w, r, s.applyUpdate, func(w http.ResponseWriter, v *visit, p params) {
		if _, ok := p["checkout"]; ok {
			redirectTo("/checkouts/"+v.token)(w, v, p)
			return
		}
		redirectTo("/cart")(w, v, p)
	})
}

func redirectTo(path string) func(http.ResponseWriter, *visit, params) {
	return func(w http.ResponseWriter, v *visit, _ params) { http.Redirect(w, v.r, path, http.StatusFound) }
}

// params are a cart request's parameters, from a JSON body or a form. Form
// fields named with brackets become nested objects, as Rails reads them:
// items[0][id]=1 is {"items": {"0": {"id": "1"}}}, and updates[]=1 a list.
type params map[string]any

func readParams(w http.ResponseWriter, r *http.Request) (params, error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
		dec := json.NewDecoder(r.Body)
		dec.UseNumber()
		var p params
		if err := dec.Decode(&p); err != nil || p == nil {
			return nil, badParams{"The request body is not a JSON object."}
		}
		return p, nil
	}
	if err := parseForm(w, r); err != nil {
		return nil, badParams{"The form could not be read."}
	}
	p := params{}
	for _, name := range slices.Sorted(maps.Keys(r.PostForm)) {
		if err := p.setField(name, r.PostForm[name]); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// maxFieldDepth bounds the nesting of a form field's name.
const maxFieldDepth = 4

// setField stores a form field under its bracketed path. Only a field of
// the top level may be a list (updates[]).
func (p params) setField(name string, values []string) error {
	malformed := badParams{"Malformed field name: " + name}
	base, rest, _ := strings.Cut(name, "[")
	path := []string{base}
	for rest != "" {
		var part string
		var ok bool
		if part, rest, ok = strings.Cut(rest, "]"); !ok {
			return malformed
		}
		path = append(path, part)
		rest = strings.TrimPrefix(rest, "[")
	}
	if len(path) > maxFieldDepth {
		return malformed
	}
	if path[len(path)-1] == "" {
		if len(path) != 2 {
			return malformed
		}
		list := make([]any, len(values))
		for i, v := range values {
			list[i] = v
		}
		p[base] = list
		return nil
	}
	node := map[string]any(p)
	for _, key := range path[:len(path)-1] {
		child, ok := node[key].(map[string]any)
		if !ok {
			child = map[string]any{}
			node[key] = child
		}
		node = child
	}
	node[path[len(path)-1]] = values[len(values)-1]
	return nil
}

// items reads the items of an add: the items list, or one item's fields.
func (p params) items() ([]cart.Item, error) {
	raw, many := p["items"]
	objects := []any{map[string]any(p)}
	if many {
		objects = listOf(raw)
		if len(objects) == 0 {
			return nil, missing("items")
		}
	}
	var items []cart.Item
	for _, o := range objects {
		fields, ok := o.(map[string]any)
		if !ok {
			return nil, missing("items")
		}
		id, ok := intOf(fields["id"])
		if !ok || id <= 0 {
			return nil, missing("id")
		}
		item := cart.Item{VariantID: id, Quantity: 1}
		if q, given := fields["quantity"]; given {
			n, ok := intOf(q)
			if !ok {
				return nil, missing("quantity")
			}
			item.Quantity = int(n)
		}
		var err error
		if item.Properties, err = stringMap(fields["properties"]); err != nil {
			return nil, err
		}
		if item.SellingPlanID, err = sellingPlanOf(fields["selling_plan"]); err != nil {
			return nil, err
		}
		items = append(items, item)
	}
	return items, nil
}

// listOf reads a list: a JSON array, or a form's object with index keys.
func listOf(v any) []any {
	switch list := v.(type) {
	case []any:
		return list
	case map[string]any:
		indexes := map[int]any{}
		for key, item := range list {
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(list) {
				return nil
			}
			indexes[i] = item
		}
		out := make([]any, len(list))
		for i := range out {
			out[i] = indexes[i]
		}
		return out
	}
	return nil
}

// scalarOf reads a string or number parameter as text.
func scalarOf(v any) (string, bool) {
	switch s := v.(type) {
	case string:
		return s, true
	case json.Number:
		return s.String(), true
	case bool:
		return strconv.FormatBool(s), true
	}
	return "", false
}

// intOf reads a whole number given as a number or as text.
func intOf(v any) (int64, bool) {
	s, ok := scalarOf(v)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return n, err == nil
}

// sellingPlanOf reads a selling plan id; none (absent, null or "") is 0.
func sellingPlanOf(v any) (int64, error) {
	if v == nil || v == "" {
		return 0, nil
	}
	id, ok := intOf(v)
	if !ok || id < 0 {
		return 0, missing("selling_plan")
	}
	return id, nil
}

// stringMap reads properties or attributes: an object of texts. Absent is
// nil.
func stringMap(v any) (map[string]string, error) {
	if v == nil {
		return nil, nil
	}
	fields, ok := v.(map[string]any)
	if !ok {
		return nil, badParams{"Properties and attributes must be an object of texts."}
	}
	out := make(map[string]string, len(fields))
	for name, value := range fields {
		if value == nil {
			out[name] = ""
			continue
		}
		text, ok := scalarOf(value)
		if !ok {
			return nil, badParams{"Properties and attributes must be an object of texts."}
		}
		out[name] = text
	}
	return out, nil
}

// updatesOf reads update.js's updates: an object of line keys or variant
// ids to quantities, or a list of quantities in line order.
func updatesOf(v any) (byKey map[string]int, byLine []int, err error) {
	switch updates := v.(type) {
	case nil:
		return nil, nil, nil
	case []any:
		for _, q := range updates {
			n, ok := intOf(q)
			if !ok {
				return nil, nil, missing("updates")
			}
			byLine = append(byLine, int(n))
		}
		return nil, byLine, nil
	case map[string]any:
		byKey = map[string]int{}
		for id, q := range updates {
			n, ok := intOf(q)
			if !ok {
				return nil, nil, missing("updates")
			}
			byKey[id] = int(n)
		}
		return byKey, nil, nil
	}
	return nil, nil, missing("updates")
}
