package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// checkDevSchema checks the dev storefront's schema against Shopify's
// Storefront schema: its root types are Shopify's, and each of its types,
// fields, arguments, input fields, enum values, union members and
// interfaces is Shopify's, with Shopify's type.
func checkDevSchema(real *ast.Schema, root, file string) (int, []problem, error) {
	source, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		return 0, nil, err
	}
	dev, gqlErr := gqlparser.LoadSchema(&ast.Source{Name: file, Input: string(source)})
	if gqlErr != nil {
		return 0, nil, gqlErr
	}
	var problems []problem
	report := func(format string, args ...any) {
		problems = append(problems, problem{file: file, message: fmt.Sprintf(format, args...)})
	}
	for _, root := range []struct {
		operation   string
		dev, shopif *ast.Definition
	}{{"query", dev.Query, real.Query}, {"mutation", dev.Mutation, real.Mutation}} {
		if root.dev != nil && (root.shopif == nil || root.dev.Name != root.shopif.Name) {
			report("the %s root is %s, not Shopify's", root.operation, root.dev.Name)
		}
	}
	count := 0
	for _, name := range slices.Sorted(maps.Keys(dev.Types)) {
		def := dev.Types[name]
		if def.BuiltIn {
			continue
		}
		count++
		shopify := real.Types[name]
		if shopify == nil {
			report("type %s is not in Shopify's Storefront schema", name)
			continue
		}
		if def.Kind != shopify.Kind {
			report("%s is %s here and %s at Shopify", name, def.Kind, shopify.Kind)
			continue
		}
		for _, field := range def.Fields {
			if strings.HasPrefix(field.Name, "__") {
				continue
			}
			theirs := shopify.Fields.ForName(field.Name)
			if theirs == nil {
				report("%s.%s is not a field of Shopify's %s", name, field.Name, name)
				continue
			}
			if field.Type.String() != theirs.Type.String() {
				report("%s.%s is %s here and %s at Shopify", name, field.Name, field.Type, theirs.Type)
			}
			for _, arg := range field.Arguments {
				theirArg := theirs.Arguments.ForName(arg.Name)
				if theirArg == nil {
					report("%s.%s has no argument %s at Shopify", name, field.Name, arg.Name)
				} else if arg.Type.String() != theirArg.Type.String() {
					report("%s.%s(%s:) is %s here and %s at Shopify", name, field.Name, arg.Name, arg.Type, theirArg.Type)
				}
			}
		}
		for _, value := range def.EnumValues {
			if shopify.EnumValues.ForName(value.Name) == nil {
				report("%s.%s is not a value of Shopify's %s", name, value.Name, name)
			}
		}
		for _, member := range def.Types {
			if !slices.Contains(shopify.Types, member) {
				report("%s is not a member of Shopify's union %s", member, name)
			}
		}
		for _, iface := range def.Interfaces {
			if !slices.Contains(shopify.Interfaces, iface) {
				report("%s does not implement %s at Shopify", name, iface)
			}
		}
	}
	return count, problems, nil
}
