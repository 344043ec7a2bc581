package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"knitfront/internal/shopify"
)

// checkAdmin validates each Admin operation as internal/shopify sends it,
// its fragments written in place.
func checkAdmin(schema *ast.Schema) (int, []problem) {
	var problems []problem
	ops := shopify.Operations()
	for _, op := range ops {
		file := "internal/shopify/queries/" + op.Name + ".graphql"
		problems = append(problems, validate(schema, file, op.Name, op.Query)...)
	}
	return len(ops), problems
}

// validate checks query against schema: what Shopify would refuse, and the
// deprecated fields it reads, which Shopify removes in a later version.
func validate(schema *ast.Schema, file, operation, query string) []problem {
	doc, errs := gqlparser.LoadQuery(schema, query)
	var problems []problem
	for _, e := range errs {
		message := e.Message
		if len(e.Locations) > 0 {
			message = fmt.Sprintf("%s (line %d of the query sent)", message, e.Locations[0].Line)
		}
		problems = append(problems, problem{file: file, operation: operation, message: message})
	}
	if len(errs) > 0 {
		return problems
	}
	for _, op := range doc.Operations {
		for _, field := range deprecatedFields(op.SelectionSet) {
			reason := field.Definition.Directives.ForName("deprecated").Arguments.ForName("reason").Value.Raw
			problems = append(problems, problem{file: file, operation: operation, message: fmt.Sprintf(
				"%s.%s is deprecated: %s", field.ObjectDefinition.Name, field.Name, reason)})
		}
	}
	return problems
}

// deprecatedFields is every field of set, at any depth, that the schema
// marks deprecated.
func deprecatedFields(set ast.SelectionSet) []*ast.Field {
	var found []*ast.Field
	for _, selection := range set {
		switch s := selection.(type) {
		case *ast.Field:
			if s.Definition != nil && s.Definition.Directives.ForName("deprecated") != nil {
				found = append(found, s)
			}
			found = append(found, deprecatedFields(s.SelectionSet)...)
		case *ast.InlineFragment:
			found = append(found, deprecatedFields(s.SelectionSet)...)
		case *ast.FragmentSpread:
			found = append(found, deprecatedFields(s.Definition.SelectionSet)...)
		}
	}
	return found
}

// templateLiteral is a TypeScript template literal that holds a GraphQL
// operation: its text opens with query or mutation.
var templateLiteral = regexp.MustCompile("`(\\s*(?:query|mutation)\\b[^`]*)`")

// substitution is a ${...} in a template literal.
var substitution = regexp.MustCompile(`\$\{[^}]*\}`)

var operationName = regexp.MustCompile(`^\s*(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)`)

// checkBundle validates the Storefront operations of the bundle's API
// clients, each .ts file of dir (under root) but its tests.
func checkBundle(schema *ast.Schema, root, dir string) (int, []problem, error) {
	paths, err := filepath.Glob(filepath.Join(root, dir, "*.ts"))
	if err != nil {
		return 0, nil, err
	}
	var problems []problem
	count := 0
	for _, path := range paths {
		file := filepath.ToSlash(filepath.Join(dir, filepath.Base(path)))
		if strings.HasSuffix(file, ".test.ts") {
			continue
		}
		source, err := os.ReadFile(path)
		if err != nil {
			return 0, nil, err
		}
		for _, literal := range templateLiteral.FindAllStringSubmatch(string(source), -1) {
			count++
			query := substitution.ReplaceAllString(literal[1], substituted)
			name := "anonymous operation"
			if m := operationName.FindStringSubmatch(query); m != nil {
				name = m[1]
			}
			problems = append(problems, validate(schema, file, name, query)...)
		}
	}
	return count, problems, nil
}

// substituted stands for a ${...} of a template literal, whose value only
// the bundle knows: the bundle's substitutions are page sizes and, within
// quotes, metafield names, and 1 is a valid value of both.
const substituted = "1"
