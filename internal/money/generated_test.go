package money

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

const typeScriptFile = "../../web/src/generated/currencies.ts"

func TestTypeScriptIsGenerated(t *testing.T) {
	got, err := os.ReadFile(typeScriptFile)
	if err != nil {
		t.Fatalf("%v; run go generate ./internal/money", err)
	}
	if !bytes.Equal(got, TypeScript()) {
		t.Fatalf("%s differs from the table; run go generate ./internal/money", typeScriptFile)
	}
}

// TestOpenAPIListsAreTheTable walks the whole API description: every enum
// that names a currency or a market, and every object whose properties are
// named after them, lists exactly the table's, in its order.
func TestOpenAPIListsAreTheTable(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromFile("../../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		t.Fatal(err)
	}
	currencies, markets := make([]string, len(Currencies)), make([]string, len(Markets))
	for i, c := range Currencies {
		currencies[i] = string(c)
	}
	for i, m := range Markets {
		markets[i] = string(m)
	}
	found := map[string]int{}
	walkSchemas(tree, "#", func(path string, node map[string]any) {
		for _, list := range []struct {
			name string
			want []string
		}{{"currencies", currencies}, {"markets", markets}} {
			if enum := stringList(node["enum"]); overlaps(enum, list.want) {
				found[list.name+" enum"]++
				if !slices.Equal(enum, list.want) {
					t.Errorf("%s: enum %v, want the %s %v", path, enum, list.name, list.want)
				}
			}
			properties, _ := node["properties"].(map[string]any)
			names := slices.Sorted(maps.Keys(properties))
			if overlaps(names, list.want) {
				found["object of "+list.name]++
				if required := stringList(node["required"]); !slices.Equal(required, list.want) ||
					!slices.Equal(names, slices.Sorted(slices.Values(list.want))) {
					t.Errorf("%s: properties %v, required %v; want the %s %v", path, names, required, list.name, list.want)
				}
			}
		}
	})
	// The lists the description has today: the walk must keep finding them.
	for _, kind := range []string{"currencies enum", "object of currencies", "object of markets"} {
		if found[kind] == 0 {
			t.Errorf("found no %s in docs/openapi.yaml", kind)
		}
	}
}

// walkSchemas calls visit with every JSON object in tree and its path.
func walkSchemas(tree any, path string, visit func(path string, node map[string]any)) {
	switch v := tree.(type) {
	case map[string]any:
		visit(path, v)
		for key, child := range v {
			walkSchemas(child, path+"/"+key, visit)
		}
	case []any:
		for i, child := range v {
			walkSchemas(child, fmt.Sprintf("%s/%d", path, i), visit)
		}
	}
}

// stringList returns a JSON list of strings as a slice; nil for anything else.
func stringList(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, item := range list {
		s, ok := item.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

func overlaps(a, b []string) bool {
	return slices.ContainsFunc(a, func(s string) bool { return slices.Contains(b, s) })
}
