package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/Khan/genqlient/generate"
)

// hooksRoot is a repository root holding a genqlient configuration like
// internal/shopify's, of one operation against the shop-like schema, with
// its client generated; it returns the root and the schema's SDL.
func hooksRoot(t *testing.T) (string, string) {
	t.Helper()
	var result introspection
	if err := json.Unmarshal([]byte(shopLike), &result); err != nil {
		t.Fatal(err)
	}
	sdl := schemaLanguage(result)
	root := t.TempDir()
	dir := filepath.Join(root, filepath.Dir(genqlientConfig))
	write(t, filepath.Join(root, ".cache", "schema.graphql"), sdl)
	write(t, filepath.Join(root, genqlientConfig), `
schema: ../../.cache/schema.graphql
operations: [queries/Hooks.graphql]
generated: generated.go
package: shopify
bindings: {URL: {type: string}}
`)
	write(t, filepath.Join(dir, "queries", "Hooks.graphql"), "query Hooks { webhookSubscriptions { id uri } }\n")
	config, err := generate.ReadAndValidateConfig(filepath.Join(root, genqlientConfig))
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate.Generate(config)
	if err != nil {
		t.Fatal(err)
	}
	for path, content := range files {
		write(t, path, string(content))
	}
	return root, sdl
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCheckGenerated(t *testing.T) {
	for _, test := range []struct {
		name   string
		change func(t *testing.T, root string)
		want   string
	}{
		{name: "UpToDate", change: func(*testing.T, string) {}},
		{name: "QueryChanged", change: func(t *testing.T, root string) {
			write(t, filepath.Join(root, "internal/shopify/queries/Hooks.graphql"), "query Hooks { webhookSubscriptions { id uri topic } }\n")
		}, want: "internal/shopify/generated.go: not what genqlient generates from the .graphql files and Shopify's schema; generate it again with make generate"},
		{name: "GeneratedEdited", change: func(t *testing.T, root string) {
			write(t, filepath.Join(root, "internal/shopify/generated.go"), "package shopify\n")
		}, want: "internal/shopify/generated.go: not what genqlient generates"},
		{name: "WrongField", change: func(t *testing.T, root string) {
			write(t, filepath.Join(root, "internal/shopify/queries/Hooks.graphql"), "query Hooks { webhookSubscriptions { id address } }\n")
		}, want: "internal/shopify/genqlient.yaml: genqlient cannot generate the client: "},
	} {
		t.Run(test.name, func(t *testing.T) {
			root, sdl := hooksRoot(t)
			test.change(t, root)
			problems, err := checkGenerated(root, sdl)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range problems {
				got = append(got, p.String())
			}
			switch {
			case test.want == "" && len(got) > 0:
				t.Errorf("problems %q, want none", got)
			case test.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], test.want)):
				t.Errorf("problems %q, want one that starts %q", got, test.want)
			}
		})
	}
}
