package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"knitfront/internal/shopify"
)

// shopLike is a small introspection result in the shape Shopify publishes.
const shopLike = `{"data":{"__schema":{
  "queryType":{"name":"QueryRoot"},"mutationType":null,"subscriptionType":null,"directives":[],
  "types":[
    {"kind":"OBJECT","name":"QueryRoot","fields":[
      {"name":"webhookSubscriptions","args":[{"name":"first","type":{"kind":"SCALAR","name":"Int"},"defaultValue":"10"}],
       "type":{"kind":"NON_NULL","ofType":{"kind":"LIST","ofType":{"kind":"NON_NULL","ofType":{"kind":"OBJECT","name":"WebhookSubscription"}}}}}]},
    {"kind":"OBJECT","name":"WebhookSubscription","interfaces":[{"name":"Node"}],"fields":[
      {"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}}},
      {"name":"uri","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"URL"}}},
      {"name":"callbackUrl","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"URL"}},
       "isDeprecated":true,"deprecationReason":"Use \"uri\" instead."},
      {"name":"topic","args":[],"type":{"kind":"ENUM","name":"WebhookSubscriptionTopic"}}]},
    {"kind":"INTERFACE","name":"Node","fields":[{"name":"id","args":[],"type":{"kind":"NON_NULL","ofType":{"kind":"SCALAR","name":"ID"}}}],
     "possibleTypes":[{"name":"WebhookSubscription"}]},
    {"kind":"ENUM","name":"WebhookSubscriptionTopic","enumValues":[{"name":"PRODUCTS_UPDATE"}]},
    {"kind":"SCALAR","name":"URL"},
    {"kind":"SCALAR","name":"String"},
    {"kind":"SCALAR","name":"__Hidden"}
  ]}}}`

func shopLikeSchema(t *testing.T) *ast.Schema {
	t.Helper()
	var result introspection
	if err := json.Unmarshal([]byte(shopLike), &result); err != nil {
		t.Fatal(err)
	}
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "shop-like", Input: schemaLanguage(result)})
	if err != nil {
		t.Fatalf("schema of the introspection: %v\n%s", err, schemaLanguage(result))
	}
	return schema
}

func TestValidate(t *testing.T) {
	schema := shopLikeSchema(t)
	for _, test := range []struct {
		name, query string
		want        []string
	}{
		{"ValidQuery", `query Hooks { webhookSubscriptions(first: 5) { id uri topic } }`, nil},
		{"DefaultArgument", `query Hooks { webhookSubscriptions { ... on Node { id } } }`, nil},
		{"UnknownField", `query Hooks { webhookSubscriptions { id address } }`,
			[]string{`Hooks.graphql: Hooks: Cannot query field "address" on type "WebhookSubscription". (line 1 of the query sent)`}},
		{"DeprecatedField", `query Hooks { webhookSubscriptions { id callbackUrl } }`,
			[]string{`Hooks.graphql: Hooks: WebhookSubscription.callbackUrl is deprecated: Use "uri" instead.`}},
		{"UnknownArgument", `query Hooks { webhookSubscriptions(last: 5) { id } }`,
			[]string{`Hooks.graphql: Hooks: Unknown argument "last" on field "QueryRoot.webhookSubscriptions". (line 1 of the query sent)`}},
	} {
		t.Run(test.name, func(t *testing.T) {
			var got []string
			for _, p := range validate(schema, "Hooks.graphql", "Hooks", test.query) {
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(test.want, "\n") {
				t.Errorf("got %q, want %q", got, test.want)
			}
		})
	}
}

func TestCheckBundle(t *testing.T) {
	schema := shopLikeSchema(t)
	root := t.TempDir()
	dir := filepath.Join(root, "web", "src", "api")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"hooks.ts": "const LIMIT = 5;\nconst HOOKS = `query Hooks {\n  webhookSubscriptions(first: ${LIMIT}) { id address }\n}`;\n" +
			"const other = `not ${'graphql'}`;\n",
		"hooks.test.ts": "const BROKEN = `query Broken { nothing }`;\n",
	}
	for name, source := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(source), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	count, problems, err := checkBundle(schema, root, "web/src/api")
	if err != nil {
		t.Fatal(err)
	}
	want := `web/src/api/hooks.ts: Hooks: Cannot query field "address" on type "WebhookSubscription". (line 2 of the query sent)`
	if count != 1 || len(problems) != 1 || problems[0].String() != want {
		t.Errorf("got %d operations and %v, want 1 and %q", count, problems, want)
	}
}

func TestAgainstKnown(t *testing.T) {
	known := "# why\na.graphql: listed\n\nb.graphql: fixed since\n"
	for _, test := range []struct {
		name           string
		found          []problem
		wantUnexpected int
		wantFixed      []string
	}{
		{"AllListed", []problem{{file: "a.graphql", message: "listed"}, {file: "b.graphql", message: "fixed since"}}, 0, nil},
		{"NewProblem", []problem{{file: "a.graphql", message: "listed"}, {file: "b.graphql", message: "fixed since"}, {file: "c.graphql", operation: "Op", message: "new"}}, 1, nil},
		{"ListedOneFixed", []problem{{file: "a.graphql", message: "listed"}}, 0, []string{"b.graphql: fixed since"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			unexpected, fixed := againstKnown(test.found, known)
			if len(unexpected) != test.wantUnexpected || strings.Join(fixed, "|") != strings.Join(test.wantFixed, "|") {
				t.Errorf("got %v and %q, want %d unexpected and %q", unexpected, fixed, test.wantUnexpected, test.wantFixed)
			}
		})
	}
}

// TestShopifySchemas runs the whole check, as make graphql-check does, when
// the schemas are in the repository's cache: the version knitfront speaks,
// then the preview of unstable, which reports and does not fail.
func TestShopifySchemas(t *testing.T) {
	data := filepath.Join("..", "..", ".cache", "shopify-dev-mcp-1.16.0", "package", "dist", "data")
	admin := filepath.Join(data, "admin_"+shopify.APIVersion+".json.gz")
	if _, err := os.Stat(admin); err != nil {
		t.Skip("no Shopify schemas in .cache: make graphql-check fetches them")
	}
	var report strings.Builder
	err := run(admin, filepath.Join(data, "storefront-graphql_"+shopify.APIVersion+".json.gz"),
		filepath.Join(data, "admin_unstable.json.gz"), filepath.Join("..", ".."), &report)
	checked, preview, _ := strings.Cut(report.String(), "\n")
	if err != nil {
		t.Errorf("%v\n%s", err, report.String())
	}
	if !strings.HasPrefix(checked, "graphql-check: ") || !strings.HasPrefix(preview, "graphql-check: admin_unstable.json.gz ") {
		t.Errorf("preview: printed %q", report.String())
	}
}

func TestNewProblems(t *testing.T) {
	deprecated := problem{file: "a.graphql", operation: "A", message: "X.y is deprecated"}
	refused := problem{file: "b.graphql", operation: "B", message: "Cannot query field z"}
	for _, test := range []struct {
		name          string
		before, later []problem
		want          []problem
	}{
		{"NothingNew", []problem{deprecated}, []problem{deprecated}, nil},
		{"OneNew", []problem{deprecated}, []problem{deprecated, refused}, []problem{refused}},
		{"FixedLater", []problem{deprecated, refused}, nil, nil},
		{"SameFieldOtherOperation", []problem{deprecated}, []problem{{file: "c.graphql", operation: "C", message: deprecated.message}}, []problem{{file: "c.graphql", operation: "C", message: deprecated.message}}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := newProblems(test.before, test.later); !slices.Equal(got, test.want) {
				t.Errorf("got %v, want %v", got, test.want)
			}
		})
	}
}
