package shopify

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// TestTheBulkQuerySendsNoNamedFragments: the one operation not sent
// through the generated client holds its fragments written in place.
func TestTheBulkQuerySendsNoNamedFragments(t *testing.T) {
	for _, op := range []Operation{ProductsBulkOp} {
		t.Run(op.Name, func(t *testing.T) {
			doc, err := parser.ParseQuery(&ast.Source{Name: op.Name, Input: op.Query})
			if err != nil {
				t.Fatalf("the query sent does not parse: %v\n%s", err, op.Query)
			}
			if len(doc.Operations) != 1 || len(doc.Fragments) != 0 {
				t.Errorf("%d operations and %d fragment definitions, want 1 and 0", len(doc.Operations), len(doc.Fragments))
			}
			if spreads := fragmentSpreads(doc.Operations[0].SelectionSet); len(spreads) > 0 {
				t.Errorf("named fragments %v left in the query sent", spreads)
			}
		})
	}
}

func TestInlineFragments(t *testing.T) {
	for _, test := range []struct {
		name string
		op   Operation
		want []string
	}{
		{"BulkQueryReadsTheSharedProductAndVariantFields", ProductsBulkOp, []string{
			"knitter: metafield(namespace: \"custom\", key: \"knitter\")",
			"preorderContent: metafield(namespace: \"custom\", key: \"preordercontent\")",
			"us: contextualPricing(context: {country:US})",
			"compareAtPrice {",
		}},
	} {
		t.Run(test.name, func(t *testing.T) {
			for _, want := range test.want {
				if !strings.Contains(test.op.Query, want) {
					t.Errorf("no %q in the query sent:\n%s", want, test.op.Query)
				}
			}
		})
	}
}

// TestEveryQueryFileIsUsed: each file of queries/ is an operation knitfront
// sends or a fragment one of them spreads.
func TestEveryQueryFileIsUsed(t *testing.T) {
	files, err := fs.Glob(queries, "queries/*.graphql")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, op := range Operations() {
		used[op.Name] = true
	}
	for _, file := range files {
		doc := parseQueryFile(strings.TrimSuffix(strings.TrimPrefix(file, "queries/"), ".graphql"))
		for _, op := range doc.Operations {
			for _, name := range fragmentSpreads(op.SelectionSet) {
				used[name] = true
			}
		}
		for _, fragment := range doc.Fragments {
			for _, name := range fragmentSpreads(fragment.SelectionSet) {
				used[name] = true
			}
		}
	}
	for _, file := range files {
		if name := strings.TrimSuffix(strings.TrimPrefix(file, "queries/"), ".graphql"); !used[name] {
			t.Errorf("%s is neither an operation sent nor a fragment spread", file)
		}
	}
}

func fragmentSpreads(set ast.SelectionSet) []string {
	var names []string
	for _, selection := range set {
		switch s := selection.(type) {
		case *ast.Field:
			names = append(names, fragmentSpreads(s.SelectionSet)...)
		case *ast.InlineFragment:
			names = append(names, fragmentSpreads(s.SelectionSet)...)
		case *ast.FragmentSpread:
			names = append(names, s.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}
