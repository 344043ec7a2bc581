package storefront

import (
	"fmt"
	"html"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/osteele/liquid/expressions"
	"github.com/osteele/liquid/render"
	"github.com/osteele/liquid/values"
)

// The Shopify tags the theme uses beyond standard Liquid. Each one is
// compiled once, with its arguments parsed then; rendering reads the page's
// state from the hidden binding.

// namedArg is a `name: expression` argument of a tag.
type namedArg struct {
	name  string
	value expressions.Expression
}

// tagArgs are a tag's arguments: a leading string literal (a snippet,
// section or form name), positional expressions, and named ones.
type tagArgs struct {
	name       string
	positional []expressions.Expression
	named      []namedArg
}

var (
	quotedName = regexp.MustCompile(`^\s*(?:'([^']*)'|"([^"]*)")\s*`)
	// A named argument may contain hyphens, as form attributes such as
	// data-type do.
	// One may have a dot too, as content_for's closest.product does.
	argName = regexp.MustCompile(`^\s*([A-Za-z_][\w.-]*)\s*:([^:]|$)`)
)

// parseTagArgs reads `'name', expr, key: expr, key: expr`. A segment after a
// comma that does not start with `key:` continues the previous expression,
// so filters with several arguments stay whole.
func parseTagArgs(tag, source string) (tagArgs, error) {
	var args tagArgs
	m := quotedName.FindStringSubmatch(source)
	if m == nil {
		return args, fmt.Errorf("%s: the first argument must be a quoted name, as in {%% %s 'name' %%}", tag, tag)
	}
	args.name = m[1] + m[2]
	rest := strings.TrimSpace(source[len(m[0]):])
	if rest == "" {
		return args, nil
	}
	// Shopify also takes the first named argument with no comma before it,
	// and a comma after the last: {% render 'x' a: 1, %}.
	switch {
	case strings.HasPrefix(rest, ","):
		rest = rest[1:]
	case !argName.MatchString(rest):
		return args, fmt.Errorf("%s: expected a comma after '%s'", tag, args.name)
	}
	rest = strings.TrimSuffix(strings.TrimSpace(rest), ",")
	type segment struct{ name, source string }
	var segments []segment
	for _, part := range splitTopLevel(rest) {
		if m := argName.FindStringSubmatchIndex(part); m != nil {
			segments = append(segments, segment{part[m[2]:m[3]], part[m[4]:]})
		} else if len(segments) > 0 && segments[len(segments)-1].name != "" {
			segments[len(segments)-1].source += "," + part
		} else {
			segments = append(segments, segment{"", part})
		}
	}
	for _, s := range segments {
		expr, err := expressions.Parse(strings.TrimSpace(s.source))
		if err != nil {
			return args, fmt.Errorf("%s '%s': %w", tag, args.name, err)
		}
		if s.name == "" {
			args.positional = append(args.positional, expr)
		} else {
			args.named = append(args.named, namedArg{s.name, expr})
		}
	}
	return args, nil
}

// splitTopLevel splits at commas outside quotes and brackets.
func splitTopLevel(s string) []string {
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// appBlockVariable is {% render block %}, which renders an @app block.
var appBlockVariable = regexp.MustCompile(`^\s*block\s*$`)

// renderTag is Shopify's {% render 'snippet', name: value %}: the snippet
// sees the global objects and its parameters, never the caller's variables.
// {% render block %} renders an app block a template placed.
func (t *Theme) renderTag(source string) (func(io.Writer, render.Context) error, error) {
	if appBlockVariable.MatchString(source) {
		return func(w io.Writer, ctx render.Context) error {
			block, ok := ctx.Get("block").(*blockObject)
			if !ok || block.appBlock == "" {
				return ctx.Errorf("render block: the block is not an app block")
			}
			section, _ := ctx.Get("section").(*sectionObject)
			return t.app.renderBlock(w, stateOf(ctx.Bindings()), block, section)
		}, nil
	}
	args, err := parseTagArgs("render", source)
	if err != nil {
		return nil, err
	}
	if len(args.positional) > 0 {
		return nil, fmt.Errorf("render '%s': only name: value parameters are supported", args.name)
	}
	path := "snippets/" + args.name + ".liquid"
	return func(w io.Writer, ctx render.Context) error {
		node, ok := t.files[path]
		if !ok {
			return ctx.Errorf("render: the theme has no snippet %q", args.name)
		}
		bindings := snippetBindings(stateOf(ctx.Bindings()), ctx.Get("section"))
		// A snippet sees the closest resources of the section or block
		// that renders it.
		if closest := ctx.Get("closest"); closest != nil {
			bindings["closest"] = closest
		}
		for _, p := range args.named {
			v, err := ctx.Evaluate(p.value)
			if err != nil {
				return err
			}
			bindings[p.name] = v
		}
		return renderNode(w, node, bindings)
	}, nil
}

// sectionTag is {% section 'name' %}: a static section, its id its name.
func (t *Theme) sectionTag(source string) (func(io.Writer, render.Context) error, error) {
	args, err := parseTagArgs("section", source)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer, ctx render.Context) error {
		return t.renderSection(w, stateOf(ctx.Bindings()), sectionInstance{id: args.name, typ: args.name})
	}, nil
}

// sectionsTag is {% sections 'group' %}: every section of a section group
// of sections/*.json, in its order.
func (t *Theme) sectionsTag(source string) (func(io.Writer, render.Context) error, error) {
	args, err := parseTagArgs("sections", source)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer, ctx render.Context) error {
		g, ok := t.groups[args.name]
		if !ok {
			return ctx.Errorf("sections: the theme has no section group %q (sections/%s.json)", args.name, args.name)
		}
		for _, key := range g.Order {
			if s := g.Sections[key]; !s.Disabled {
				if err := t.renderSection(w, stateOf(ctx.Bindings()), groupSectionInstance(args.name, key, s)); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil
}

// cycleTag is {% cycle a, b %} whose values may be variables, as
// Shopify's are and osteele/liquid's (literals only) are not: each time it
// runs in a loop it writes the next value.
func cycleTag(source string) (func(io.Writer, render.Context) error, error) {
	var values []expressions.Expression
	for _, part := range splitTopLevel(source) {
		expr, err := expressions.Parse(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("cycle: %w", err)
		}
		values = append(values, expr)
	}
	return func(w io.Writer, ctx render.Context) error {
		loop, ok := ctx.Get("forloop").(map[string]any)
		if !ok {
			return ctx.Errorf("cycle must be within a for loop")
		}
		// The loop counts each cycle's turns, as osteele/liquid's own cycle does.
		turns, ok := loop[".cycles"].(map[string]int)
		if !ok {
			return ctx.Errorf("cycle must be within a for loop")
		}
		n := turns[source]
		turns[source] = n + 1
		v, err := ctx.Evaluate(values[n%len(values)])
		if err != nil || v == nil {
			return err
		}
		_, err = fmt.Fprint(w, v)
		return err
	}, nil
}

// echoTag is {% echo expression %}, which writes the expression's value
// as {{ expression }} does ({% liquid %} lines become {{ }} before; this is
// the tag on its own).
func echoTag(source string) (func(io.Writer, render.Context) error, error) {
	expr, err := expressions.Parse(source)
	if err != nil {
		return nil, fmt.Errorf("echo: %w", err)
	}
	return func(w io.Writer, ctx render.Context) error {
		v, err := ctx.Evaluate(expr)
		if err != nil || v == nil {
			return err
		}
		_, err = fmt.Fprint(w, values.ToLiquid(v))
		return err
	}, nil
}

// incrementTag is {% increment name %}: writes the counter, from 0, then
// counts it up. Counters are apart from assigned variables, as on Shopify.
func incrementTag(source string) (func(io.Writer, render.Context) error, error) {
	name := strings.TrimSpace(source)
	if !identifier.MatchString(name) {
		return nil, fmt.Errorf("increment: %q is not a variable name", name)
	}
	key := "knitfront:counter:" + name
	return func(w io.Writer, ctx render.Context) error {
		n, _ := ctx.Get(key).(int)
		ctx.Set(key, n+1)
		_, err := fmt.Fprint(w, n)
		return err
	}, nil
}

var identifier = regexp.MustCompile(`^[A-Za-z_][\w-]*$`)

// formTag is {% form 'type', object, attribute: value %}: Shopify's form
// element with its action and hidden fields for the form type.
func (t *Theme) formTag(node render.BlockNode) (func(io.Writer, render.Context) error, error) {
	args, err := parseTagArgs("form", node.Args)
	if err != nil {
		return nil, err
	}
	action, ok := formActions[args.name]
	if !ok {
		return nil, fmt.Errorf("form: unknown form type %q", args.name)
	}
	return func(w io.Writer, ctx render.Context) error {
		var b strings.Builder
		fmt.Fprintf(&b, `<form method="post" action="%s"`, action)
		attributes := map[string]bool{}
		for _, a := range args.named {
			v, err := ctx.Evaluate(a.value)
			if err != nil {
				return err
			}
			attributes[a.name] = true
			fmt.Fprintf(&b, ` %s="%s"`, a.name, html.EscapeString(fmt.Sprint(v)))
		}
		b.WriteString(` accept-charset="UTF-8"`)
		if !attributes["class"] && args.name == "localization" {
			b.WriteString(` class="shopify-localization-form"`)
		}
		b.WriteString(` enctype="multipart/form-data">`)
		fmt.Fprintf(&b, `<input type="hidden" name="form_type" value="%s" /><input type="hidden" name="utf8" value="✓" />`, args.name)
		if args.name == "localization" {
			path := ""
			if req, ok := ctx.Get("request").(*requestObject); ok {
				path = req.Path
			}
			fmt.Fprintf(&b, `<input type="hidden" name="_method" value="put" /><input type="hidden" name="return_to" value="%s" />`,
				html.EscapeString(path))
		}
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
		if err := ctx.RenderChildren(w); err != nil {
			return err
		}
		_, err := io.WriteString(w, "</form>")
		return err
	}, nil
}

// formActions are Shopify's form types and where each posts. The dev
// storefront accepts the product, cart and localization forms; the others
// (customer accounts, contact, blog comments) render, as a theme has them,
// and post to addresses it does not serve.
var formActions = map[string]string{
	"product":                    "/cart/add",
	"cart":                       "/cart",
	"localization":               "/localization",
	"contact":                    "/contact#contact_form",
	"customer":                   "/contact#contact_form",
	"create_customer":            "/account",
	"customer_login":             "/account/login",
	"guest_login":                "/account/login",
	"recover_customer_password":  "/account/recover",
	"reset_customer_password":    "/account/reset",
	"activate_customer_password": "/account/activate",
	"customer_address":           "/account/addresses",
	"storefront_password":        "/password",
	"new_comment":                "/blogs/comments",
}

// wrapTag returns a block that renders its body between open and close, as
// {% style %} renders `<style data-shopify>`.
func wrapTag(open, close string) render.BlockCompiler {
	return func(render.BlockNode) (func(io.Writer, render.Context) error, error) {
		return func(w io.Writer, ctx render.Context) error {
			if _, err := io.WriteString(w, open); err != nil {
				return err
			}
			if err := ctx.RenderChildren(w); err != nil {
				return err
			}
			_, err := io.WriteString(w, close)
			return err
		}, nil
	}
}

// silentTag is a block that renders nothing: {% schema %} is read when the
// theme loads, and {% doc %} documents a snippet.
func silentTag(render.BlockNode) (func(io.Writer, render.Context) error, error) {
	return func(io.Writer, render.Context) error { return nil }, nil
}

var paginateArgs = regexp.MustCompile(`^\s*(\w+(?:\.\w+)*?)(?:\.(\w+))?\s+by\s+(.+?)\s*$`)

// paginateTag is {% paginate collection.products by 48 %}: inside, the list
// holds only the current page's items and `paginate` describes the pages.
// An object further down (section.settings.collection.products) keeps its
// list whole, since only a variable can be bound again; `paginate` still
// describes its pages, as it does for a list that is a variable of its own
// ({% paginate collections by 12 %}).
func (t *Theme) paginateTag(node render.BlockNode) (func(io.Writer, render.Context) error, error) {
	m := paginateArgs.FindStringSubmatch(node.Args)
	if m == nil {
		return nil, fmt.Errorf("paginate: expected {%% paginate object.list by size %%}, got %q", node.Args)
	}
	object, list := m[1], m[2]
	objectExpr, err := expressions.Parse(object)
	if err != nil {
		return nil, fmt.Errorf("paginate: %w", err)
	}
	size, err := expressions.Parse(m[3])
	if err != nil {
		return nil, fmt.Errorf("paginate: page size: %w", err)
	}
	return func(w io.Writer, ctx render.Context) error {
		value, err := ctx.Evaluate(objectExpr)
		if err != nil {
			return err
		}
		sizeValue, err := ctx.Evaluate(size)
		if err != nil {
			return err
		}
		perPage, err := strconv.Atoi(fmt.Sprint(sizeValue))
		if err != nil || perPage < 1 || perPage > maxPageSize {
			return ctx.Errorf("paginate: page size %v is not between 1 and %d", sizeValue, maxPageSize)
		}
		state := stateOf(ctx.Bindings())
		var paged any
		var total int
		if list == "" {
			total = lengthOf(value)
		} else if pageable, ok := value.(pageable); !ok {
			return ctx.Errorf("paginate: %s cannot be paginated", object)
		} else if paged, total, ok = pageable.page(list, (state.page.PageNumber-1)*perPage, perPage); !ok {
			return ctx.Errorf("paginate: %s.%s cannot be paginated", object, list)
		}
		savedPaginate := ctx.Get("paginate")
		ctx.Set("paginate", newPaginate(state.page.URL, state.page.PageNumber, perPage, total))
		defer ctx.Set("paginate", savedPaginate)
		if list != "" && !strings.Contains(object, ".") {
			ctx.Set(object, paged)
			defer ctx.Set(object, value)
		}
		return ctx.RenderChildren(w)
	}, nil
}

// lengthOf is the number of items of a Liquid list or map.
func lengthOf(v any) int {
	if d, ok := v.(interface{ ToLiquid() any }); ok {
		v = d.ToLiquid()
	}
	switch r := reflect.ValueOf(v); r.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return r.Len()
	}
	return 0
}

// maxPageSize is Shopify's largest page.
const maxPageSize = 250

// pageable is an object whose lists {% paginate %} can page through.
type pageable interface {
	// page returns a copy of the object whose list holds only the items from
	// offset, at most limit of them, and the list's full length.
	page(list string, offset, limit int) (any, int, bool)
}
