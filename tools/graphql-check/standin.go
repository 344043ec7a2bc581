package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
)

// standInFile names the stand-in in what this check reports.
const standInFile = "internal/shopifydev"

// checkStandIn holds the answers of the offline Shopify's Admin API to
// Shopify's schema. knitfront's own client runs against the stand-in what it
// runs against a shop: a full sync, the re-reads webhooks ask for, the
// webhook registration and the theme's metafields. Each answer is then
// checked against the selection of the operation that asked for it (see
// answerChecker), and each line of the bulk result against its
// connection's (checkBulkLines), so that an answer typed from memory (a field's name, a
// type name, an enum value) fails here rather than agreeing with a client
// that makes the same mistake. It returns how many operations it checked.
func checkStandIn(schema *ast.Schema) (int, []problem, error) {
	const token = "shpat_graphql_check"
	doc := demo.Catalog()
	standIn := httptest.NewServer(shopifydev.New(doc, token, time.Now))
	defer standIn.Close()
	recorded := &recorder{next: http.DefaultTransport}
	client, err := shopify.NewClient(standIn.URL, shopify.StaticToken(token), shopify.WithHTTPClient(&http.Client{Transport: recorded}))
	if err != nil {
		return 0, nil, err
	}
	if err := exerciseAdminAPI(context.Background(), client, doc.Knitters); err != nil {
		return 0, nil, fmt.Errorf("running knitfront's Admin operations against the stand-in: %w", err)
	}
	operations := map[string]bool{}
	var problems []problem
	for _, x := range recorded.exchanges {
		name, found := checkAnswer(schema, x.query, x.answer)
		operations[name] = true
		problems = append(problems, found...)
	}
	if recorded.bulk == nil {
		return 0, nil, fmt.Errorf("the sync downloaded no bulk result from the stand-in")
	}
	problems = append(problems, checkBulkLines(schema, shopify.ProductsBulkOp.Query, recorded.bulk)...)
	// The bulk query is an operation too, its answer the bulk result.
	return len(operations) + 1, problems, nil
}

// exerciseAdminAPI sends every Admin operation knitfront has through client.
func exerciseAdminAPI(ctx context.Context, client *shopify.Client, knitters []catalog.Knitter) error {
	shop, err := client.Read(ctx, knitters)
	if err != nil {
		return err
	}
	held, err := shop.Document()
	if err != nil {
		return err
	}
	held.Knitters = knitters
	if len(held.Products) < 2 {
		return fmt.Errorf("the stand-in's shop has %d products, want at least 2", len(held.Products))
	}
	events := []shopify.WebhookEvent{
		{ID: "product", Topic: "products/update", Body: fmt.Appendf(nil, `{"id":%d}`, held.Products[0].ID)},
		{ID: "inventory", Topic: "inventory_levels/update", Body: fmt.Appendf(nil, `{"inventory_item_id":%d}`, held.Products[1].Variants[0].ID)},
	}
	if _, err := client.Reread(ctx, held, events); err != nil {
		return err
	}
	if _, _, err := client.RegisterWebhooks(ctx, "https://knitfront.example/webhooks/shopify"); err != nil {
		return err
	}
	writer := client.Metafields()
	shopID, err := writer.ShopID(ctx)
	if err != nil {
		return err
	}
	_, err = writer.Write(ctx, []shopify.Metafield{{OwnerID: shopID, Namespace: "knitfront", Key: "rates", Type: "json", Value: `{}`}})
	return err
}

// recorder keeps each GraphQL query it sends and the answer it gets, and
// the bulk result it downloads.
type recorder struct {
	next      http.RoundTripper
	mu        sync.Mutex
	exchanges []exchange
	bulk      []byte
}

type exchange struct {
	query  string
	answer []byte
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.HasPrefix(req.URL.Path, shopifydev.BulkPath) {
		return r.keepBulk(req)
	}
	if req.Body == nil || !strings.HasSuffix(req.URL.Path, "/graphql.json") {
		return r.next.RoundTrip(req)
	}
	sent, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(sent))
	resp, answer, err := r.roundTripRead(req)
	if err != nil {
		return nil, err
	}
	var request struct {
		Query string `json:"query"`
	}
	if err := json.Unmarshal(sent, &request); err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.exchanges = append(r.exchanges, exchange{query: request.Query, answer: answer})
	r.mu.Unlock()
	return resp, nil
}

func (r *recorder) keepBulk(req *http.Request) (*http.Response, error) {
	resp, body, err := r.roundTripRead(req)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.bulk = body
	r.mu.Unlock()
	return resp, nil
}

// roundTripRead sends req and reads the answer's body, which the response
// still gives its reader.
func (r *recorder) roundTripRead(req *http.Request) (*http.Response, []byte, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return nil, nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, body, nil
}

// checkBulkLines checks a bulk query's result, one JSON object a line as
// Shopify writes it: a line is a node of one of the query's connections,
// its nested connections left out and, below the top, its parent's id in
// __parentId. The node's type is told by its id (gid://shopify/TYPE/…),
// and the line is held to that connection's selection.
func checkBulkLines(schema *ast.Schema, query string, jsonl []byte) []problem {
	doc, errs := gqlparser.LoadQuery(schema, query)
	if errs != nil || len(doc.Operations) != 1 {
		return []problem{{file: standInFile, message: fmt.Sprintf("the bulk query does not validate: %v", errs)}}
	}
	c := &answerChecker{schema: schema, operation: "bulk result"}
	levels := map[bool][]bulkLevel{}
	collectBulkLevels(schema, doc.Operations[0].SelectionSet, false, levels)
	for n, line := range bytes.Split(bytes.TrimSpace(jsonl), []byte("\n")) {
		path := fmt.Sprintf("line %d", n+1)
		var object map[string]any
		decoder := json.NewDecoder(bytes.NewReader(line))
		decoder.UseNumber()
		if err := decoder.Decode(&object); err != nil {
			c.fail(path, "not a JSON object: %v", err)
			continue
		}
		_, child := object["__parentId"]
		delete(object, "__parentId")
		id, _ := object["id"].(string)
		level, ok := bulkLevelOf(schema, levels[child], id)
		if !ok {
			c.fail(path, "id %q is a node of none of the bulk query's connections", id)
			continue
		}
		c.object(path, level.node, level.fields, object)
	}
	return c.problems
}

// bulkLevel is one connection of a bulk query: its nodes' type and the
// fields a line of them has (the selection without nested connections).
type bulkLevel struct {
	node   *ast.Definition
	fields ast.SelectionSet
}

// collectBulkLevels finds the connections of set (fields selecting
// edges { node { … } }), the top ones under false and the nested under true.
func collectBulkLevels(schema *ast.Schema, set ast.SelectionSet, nested bool, levels map[bool][]bulkLevel) {
	for _, s := range set {
		field, ok := s.(*ast.Field)
		if !ok {
			continue
		}
		node := connectionNode(field)
		if node == nil {
			continue
		}
		var own ast.SelectionSet
		for _, inner := range node.SelectionSet {
			if f, ok := inner.(*ast.Field); ok && connectionNode(f) != nil {
				continue
			}
			own = append(own, inner)
		}
		levels[nested] = append(levels[nested], bulkLevel{node: schema.Types[node.Definition.Type.Name()], fields: own})
		collectBulkLevels(schema, node.SelectionSet, true, levels)
	}
}

// connectionNode is the node field of a connection's edges, nil when field
// selects none.
func connectionNode(field *ast.Field) *ast.Field {
	for _, s := range field.SelectionSet {
		if edges, ok := s.(*ast.Field); ok && edges.Name == "edges" {
			for _, t := range edges.SelectionSet {
				if node, ok := t.(*ast.Field); ok && node.Name == "node" {
					return node
				}
			}
		}
	}
	return nil
}

// bulkLevelOf is the level whose nodes a line of id is: its type, or one
// the level's interface or union can hold.
func bulkLevelOf(schema *ast.Schema, levels []bulkLevel, id string) (bulkLevel, bool) {
	typeName, _, _ := strings.Cut(strings.TrimPrefix(id, "gid://shopify/"), "/")
	for _, level := range levels {
		if typeName == level.node.Name || slices.Contains(schema.GetPossibleTypes(level.node), schema.Types[typeName]) {
			return level, true
		}
	}
	return bulkLevel{}, false
}

// checkAnswer checks an answer against the query that asked for it and
// returns the operation's name and what is wrong with the answer.
func checkAnswer(schema *ast.Schema, query string, answer []byte) (string, []problem) {
	doc, errs := gqlparser.LoadQuery(schema, query)
	if errs != nil || len(doc.Operations) != 1 {
		return "", []problem{{file: standInFile, message: fmt.Sprintf("a query it was sent does not validate: %v", errs)}}
	}
	op := doc.Operations[0]
	c := &answerChecker{schema: schema, operation: op.Name}
	var body struct {
		Data   map[string]any `json:"data"`
		Errors []any          `json:"errors"`
	}
	decoder := json.NewDecoder(bytes.NewReader(answer))
	decoder.UseNumber()
	if err := decoder.Decode(&body); err != nil {
		c.fail(op.Name, "the answer is not JSON: %v", err)
		return op.Name, c.problems
	}
	if len(body.Errors) > 0 {
		c.fail(op.Name, "the answer has errors: %v", body.Errors)
	}
	root := schema.Query
	if op.Operation == ast.Mutation {
		root = schema.Mutation
	}
	c.object("data", root, op.SelectionSet, body.Data)
	return op.Name, c.problems
}

// answerChecker holds an answer to an operation's selection on the schema:
// every field the selection asks of a value is in the answer (null only
// where the field's type allows it), no other field is, each value is of
// its field's type, each enum value is one of its enum's, and each
// __typename names a type the field can hold. A fragment on another type
// than the value's asks nothing of it.
type answerChecker struct {
	schema    *ast.Schema
	operation string
	problems  []problem
}

func (c *answerChecker) fail(path, format string, args ...any) {
	c.problems = append(c.problems, problem{file: standInFile, operation: c.operation, message: path + ": " + fmt.Sprintf(format, args...)})
}

func (c *answerChecker) value(path string, t *ast.Type, set ast.SelectionSet, v any) {
	if v == nil {
		if t.NonNull {
			c.fail(path, "null, but %s is never null", t)
		}
		return
	}
	if t.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			c.fail(path, "%v, want a list (%s)", v, t)
			return
		}
		for i, item := range list {
			c.value(fmt.Sprintf("%s[%d]", path, i), t.Elem, set, item)
		}
		return
	}
	def := c.schema.Types[t.NamedType]
	switch def.Kind {
	case ast.Scalar:
		if !scalarFits(def.Name, v) {
			c.fail(path, "%v is not a %s", v, def.Name)
		}
	case ast.Enum:
		if s, ok := v.(string); !ok || def.EnumValues.ForName(s) == nil {
			c.fail(path, "%v is not a value of %s", v, def.Name)
		}
	default:
		object, ok := v.(map[string]any)
		if !ok {
			c.fail(path, "%v, want an object (%s)", v, def.Name)
			return
		}
		c.object(path, def, set, object)
	}
}

func (c *answerChecker) object(path string, def *ast.Definition, set ast.SelectionSet, object map[string]any) {
	// The value's own type: def itself, or for an interface or a union the
	// type its __typename names (nil when the answer does not say).
	concrete := def
	if def.Kind != ast.Object {
		concrete = nil
		if name, _ := object["__typename"].(string); name != "" {
			concrete = c.schema.Types[name]
			if concrete == nil || !slices.Contains(c.schema.GetPossibleTypes(def), concrete) {
				c.fail(path, "__typename %q is not a type %s can hold", name, def.Name)
				return
			}
		}
	}
	asked := selected{fields: map[string]*ast.Field{}, required: map[string]bool{}}
	c.collect(set, def, concrete, &asked, true)
	for _, key := range slices.Sorted(maps.Keys(object)) {
		if asked.fields[key] == nil {
			c.fail(path+"."+key, "not selected")
		}
	}
	for _, key := range slices.Sorted(maps.Keys(asked.fields)) {
		v, ok := object[key]
		if !ok {
			if asked.required[key] {
				c.fail(path+"."+key, "selected, missing from the answer")
			}
			continue
		}
		field := asked.fields[key]
		c.value(path+"."+key, field.Definition.Type, field.SelectionSet, v)
	}
}

// selected are the fields a selection asks of a value, by their key in the
// answer; required are those it asks whatever the value's type.
type selected struct {
	fields   map[string]*ast.Field
	required map[string]bool
}

// collect gathers the fields of set that a value of def, of type concrete,
// answers: those of fragments on its type, and while its type is not told
// those of every fragment, none of them required but those on def.
func (c *answerChecker) collect(set ast.SelectionSet, def, concrete *ast.Definition, asked *selected, required bool) {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			key := s.Alias
			if key == "" {
				key = s.Name
			}
			asked.fields[key] = s
			asked.required[key] = asked.required[key] || required
		case *ast.InlineFragment:
			c.fragment(s.TypeCondition, s.SelectionSet, def, concrete, asked, required)
		case *ast.FragmentSpread:
			c.fragment(s.Definition.TypeCondition, s.Definition.SelectionSet, def, concrete, asked, required)
		}
	}
}

func (c *answerChecker) fragment(condition string, set ast.SelectionSet, def, concrete *ast.Definition, asked *selected, required bool) {
	switch {
	case condition == "" || condition == def.Name:
		c.collect(set, def, concrete, asked, required)
	case concrete == nil:
		c.collect(set, def, concrete, asked, false)
	case condition == concrete.Name || slices.Contains(c.schema.GetPossibleTypes(c.schema.Types[condition]), concrete):
		c.collect(set, def, concrete, asked, required)
	}
}

// scalarFits says whether v, decoded with json.Number for numbers, is a
// value of the scalar: Shopify's own scalars (Decimal, Money, DateTime, URL,
// UnsignedInt64 …) travel as strings.
func scalarFits(name string, v any) bool {
	switch name {
	case "Int":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := n.Int64()
		return err == nil
	case "Float":
		_, ok := v.(json.Number)
		return ok
	case "Boolean":
		_, ok := v.(bool)
		return ok
	case "JSON":
		return true
	default:
		_, ok := v.(string)
		return ok
	}
}
