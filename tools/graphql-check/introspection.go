package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// introspection is the part of a GraphQL introspection result a schema is
// built from: names, kinds, types and default values, no descriptions.
type introspection struct {
	Data struct {
		Schema struct {
			QueryType        *namedRef        `json:"queryType"`
			MutationType     *namedRef        `json:"mutationType"`
			SubscriptionType *namedRef        `json:"subscriptionType"`
			Types            []introType      `json:"types"`
			Directives       []introDirective `json:"directives"`
		} `json:"__schema"`
	} `json:"data"`
}

type namedRef struct {
	Name string `json:"name"`
}

type typeRef struct {
	Kind   string   `json:"kind"`
	Name   string   `json:"name"`
	OfType *typeRef `json:"ofType"`
}

type introValue struct {
	IsDeprecated      bool         `json:"isDeprecated"`
	DeprecationReason *string      `json:"deprecationReason"`
	Name              string       `json:"name"`
	Type              typeRef      `json:"type"`
	DefaultValue      *string      `json:"defaultValue"`
	Args              []introValue `json:"args"`
}

type introType struct {
	Kind          string       `json:"kind"`
	Name          string       `json:"name"`
	Fields        []introValue `json:"fields"`
	InputFields   []introValue `json:"inputFields"`
	Interfaces    []namedRef   `json:"interfaces"`
	PossibleTypes []namedRef   `json:"possibleTypes"`
	EnumValues    []introValue `json:"enumValues"`
}

type introDirective struct {
	Name         string       `json:"name"`
	Args         []introValue `json:"args"`
	IsRepeatable bool         `json:"isRepeatable"`
	Locations    []string     `json:"locations"`
}

// The scalars and directives every GraphQL schema has, which gqlparser
// declares itself.
var builtin = map[string]bool{
	"String": true, "Int": true, "Float": true, "Boolean": true, "ID": true,
	"@include": true, "@skip": true, "@deprecated": true, "@specifiedBy": true, "@oneOf": true, "@defer": true,
}

// loadIntrospection reads a gzipped introspection result, such as the ones
// Shopify publishes in @shopify/dev-mcp, as a schema to validate against.
func loadIntrospection(path string) (*ast.Schema, error) {
	sdl, err := readSchemaLanguage(path)
	if err != nil {
		return nil, err
	}
	return parseSchemaLanguage(path, sdl)
}

// readSchemaLanguage reads a gzipped introspection result and writes it in
// GraphQL's schema definition language, which genqlient reads.
func readSchemaLanguage(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	unzipped, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	var result introspection
	if err := json.NewDecoder(unzipped).Decode(&result); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return schemaLanguage(result), nil
}

func parseSchemaLanguage(name, sdl string) (*ast.Schema, error) {
	schema, gqlErr := gqlparser.LoadSchema(&ast.Source{Name: name, Input: sdl})
	if gqlErr != nil {
		return nil, fmt.Errorf("%s: %w", name, gqlErr)
	}
	return schema, nil
}

// schemaLanguage writes an introspection result in GraphQL's schema
// definition language.
func schemaLanguage(result introspection) string {
	s := result.Data.Schema
	var b strings.Builder
	b.WriteString("schema {\n")
	for _, root := range []struct {
		operation string
		ref       *namedRef
	}{{"query", s.QueryType}, {"mutation", s.MutationType}, {"subscription", s.SubscriptionType}} {
		if root.ref != nil {
			fmt.Fprintf(&b, "  %s: %s\n", root.operation, root.ref.Name)
		}
	}
	b.WriteString("}\n")
	for _, d := range s.Directives {
		if builtin["@"+d.Name] {
			continue
		}
		fmt.Fprintf(&b, "directive @%s%s", d.Name, arguments(d.Args))
		if d.IsRepeatable {
			b.WriteString(" repeatable")
		}
		fmt.Fprintf(&b, " on %s\n", strings.Join(d.Locations, " | "))
	}
	for _, t := range s.Types {
		if builtin[t.Name] || strings.HasPrefix(t.Name, "__") {
			continue
		}
		switch t.Kind {
		case "SCALAR":
			fmt.Fprintf(&b, "scalar %s\n", t.Name)
		case "OBJECT", "INTERFACE":
			keyword := map[string]string{"OBJECT": "type", "INTERFACE": "interface"}[t.Kind]
			fmt.Fprintf(&b, "%s %s%s {\n", keyword, t.Name, implements(t.Interfaces))
			for _, f := range t.Fields {
				fmt.Fprintf(&b, "  %s%s: %s%s\n", f.Name, arguments(f.Args), typeName(f.Type), deprecated(f))
			}
			b.WriteString("}\n")
		case "UNION":
			members := make([]string, len(t.PossibleTypes))
			for i, m := range t.PossibleTypes {
				members[i] = m.Name
			}
			fmt.Fprintf(&b, "union %s = %s\n", t.Name, strings.Join(members, " | "))
		case "ENUM":
			fmt.Fprintf(&b, "enum %s {\n", t.Name)
			for _, v := range t.EnumValues {
				fmt.Fprintf(&b, "  %s%s\n", v.Name, deprecated(v))
			}
			b.WriteString("}\n")
		case "INPUT_OBJECT":
			fmt.Fprintf(&b, "input %s {\n", t.Name)
			for _, f := range t.InputFields {
				fmt.Fprintf(&b, "  %s\n", inputValue(f))
			}
			b.WriteString("}\n")
		}
	}
	return b.String()
}

func implements(interfaces []namedRef) string {
	if len(interfaces) == 0 {
		return ""
	}
	names := make([]string, len(interfaces))
	for i, in := range interfaces {
		names[i] = in.Name
	}
	return " implements " + strings.Join(names, " & ")
}

func arguments(args []introValue) string {
	if len(args) == 0 {
		return ""
	}
	written := make([]string, len(args))
	for i, a := range args {
		written[i] = inputValue(a)
	}
	return "(" + strings.Join(written, ", ") + ")"
}

func inputValue(v introValue) string {
	if v.DefaultValue != nil {
		return fmt.Sprintf("%s: %s = %s", v.Name, typeName(v.Type), *v.DefaultValue)
	}
	return fmt.Sprintf("%s: %s", v.Name, typeName(v.Type))
}

// deprecated is the @deprecated directive of a deprecated field or enum
// value, with Shopify's reason, so that the check can name what to use
// instead.
func deprecated(v introValue) string {
	if !v.IsDeprecated {
		return ""
	}
	reason := "No longer supported"
	if v.DeprecationReason != nil {
		reason = *v.DeprecationReason
	}
	quoted, _ := json.Marshal(reason) // a JSON string is a GraphQL string
	return " @deprecated(reason: " + string(quoted) + ")"
}

func typeName(t typeRef) string {
	switch t.Kind {
	case "NON_NULL":
		return typeName(*t.OfType) + "!"
	case "LIST":
		return "[" + typeName(*t.OfType) + "]"
	default:
		return t.Name
	}
}
