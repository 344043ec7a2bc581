// Command graphql-check validates every GraphQL operation knitfront sends to
// Shopify against Shopify's published schemas of the version it speaks
// (shopify.APIVersion): the Admin API
// operations of internal/shopify, the Storefront API operations of the
// bundle (the template literals of web/src/api that open with query or
// mutation), and the dev storefront's schema, whose every type, field and
// argument must be Shopify's. A wrong field name fails with the file, the
// operation and the validator's message, and so does a deprecated field,
// which Shopify removes in a later version; known-deviations.txt lists what
// is reported and not fixed yet, with the reason. It also fails when the
// typed Admin client that genqlient generates (internal/shopify/generated.go)
// is not what genqlient generates now from the .graphql files and the schema.
//
// With -preview, the Admin schema of a later version (Shopify's `unstable`),
// it then prints what that schema would refuse or deprecate of the Admin
// operations, and does not fail on it: the next upgrade's work, seen ahead.
//
// With -sdl FILE it checks nothing and writes the Admin schema in the schema
// definition language to FILE, where genqlient reads it.
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"knitfront/internal/shopify"
)

func main() {
	admin := flag.String("admin", "", "the Admin API's introspection result, gzipped (admin_"+shopify.APIVersion+".json.gz)")
	storefront := flag.String("storefront", "", "the Storefront API's introspection result, gzipped (storefront-graphql_"+shopify.APIVersion+".json.gz)")
	preview := flag.String("preview", "", "a later Admin API's introspection result, gzipped (admin_unstable.json.gz): print, without failing, what it would refuse")
	root := flag.String("root", ".", "the repository's root")
	sdl := flag.String("sdl", "", "instead of checking, write the Admin API's schema in the schema definition language to this file, for genqlient")
	flag.Parse()
	check := func() error { return run(*admin, *storefront, *preview, *root, os.Stdout) }
	if *sdl != "" {
		check = func() error { return writeSchemaLanguage(*admin, *sdl) }
	}
	if err := check(); err != nil {
		fmt.Fprintln(os.Stderr, "graphql-check:", err)
		os.Exit(1)
	}
}

// run checks everything against the two schemas and prints what it checked,
// or every problem it found that is not a known deviation; then, when
// previewPath names a later Admin schema, what it would break.
func run(adminPath, storefrontPath, previewPath, root string, stdout io.Writer) error {
	adminSDL, err := readSchemaLanguage(adminPath)
	if err != nil {
		return err
	}
	admin, err := parseSchemaLanguage(adminPath, adminSDL)
	if err != nil {
		return err
	}
	storefront, err := loadIntrospection(storefrontPath)
	if err != nil {
		return err
	}
	adminOps, adminProblems := checkAdmin(admin)
	problems := slices.Clone(adminProblems)
	storefrontOps, more, err := checkBundle(storefront, root, "web/src/api")
	if err != nil {
		return err
	}
	problems = append(problems, more...)
	devTypes, more, err := checkDevSchema(storefront, root, "internal/storefront/storefront.graphql")
	if err != nil {
		return err
	}
	problems = append(problems, more...)
	more, err = checkGenerated(root, adminSDL)
	if err != nil {
		return err
	}
	problems = append(problems, more...)
	standInOps, more, err := checkStandIn(admin)
	if err != nil {
		return err
	}
	problems = append(problems, more...)
	unexpected, fixed := againstKnown(problems, knownDeviations)
	for _, p := range unexpected {
		fmt.Fprintln(stdout, p)
	}
	for _, k := range fixed {
		fmt.Fprintf(stdout, "no longer found, delete its line from tools/graphql-check/known-deviations.txt: %s\n", k)
	}
	if len(unexpected)+len(fixed) > 0 {
		return fmt.Errorf("%d problems against Shopify's %s schemas, %d known deviations no longer found", len(unexpected), shopify.APIVersion, len(fixed))
	}
	fmt.Fprintf(stdout, "graphql-check: %d Admin operations, %d Storefront operations, the dev storefront's %d types and the Admin stand-in's answers to %d operations match Shopify's %s schemas, but for %d known deviations; the typed Admin client is what genqlient generates\n",
		adminOps, storefrontOps, devTypes, standInOps, shopify.APIVersion, len(problems))
	if previewPath == "" {
		return nil
	}
	return runPreview(adminProblems, previewPath, stdout)
}

// runPreview prints what the Admin schema at previewPath refuses or
// deprecates of knitfront's Admin operations beyond the problems the
// current schema has (now): what upgrading to that version would break. It
// fails only when the schema cannot be read.
func runPreview(now []problem, previewPath string, stdout io.Writer) error {
	preview, err := loadIntrospection(previewPath)
	if err != nil {
		return err
	}
	_, later := checkAdmin(preview)
	breaks := newProblems(now, later)
	name := filepath.Base(previewPath)
	if len(breaks) == 0 {
		fmt.Fprintf(stdout, "graphql-check: %s refuses or deprecates nothing more of the Admin operations than %s does\n", name, shopify.APIVersion)
		return nil
	}
	fmt.Fprintf(stdout, "graphql-check: %s would refuse or deprecate %d more things of the Admin operations than %s (not a failure: the next upgrade's work):\n", name, len(breaks), shopify.APIVersion)
	for _, p := range breaks {
		fmt.Fprintln(stdout, "  "+p.String())
	}
	return nil
}

// newProblems is each problem of later that is not among before.
func newProblems(before, later []problem) []problem {
	seen := map[problem]bool{}
	for _, p := range before {
		seen[p] = true
	}
	var found []problem
	for _, p := range later {
		if !seen[p] {
			found = append(found, p)
		}
	}
	return found
}

//go:embed known-deviations.txt
var knownDeviations string

// againstKnown splits the problems found from the known deviations: the
// problems not listed, and the listed deviations not found.
func againstKnown(problems []problem, known string) (unexpected []problem, fixed []string) {
	listed := map[string]bool{}
	for _, line := range strings.Split(known, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			listed[line] = true
		}
	}
	found := map[string]bool{}
	for _, p := range problems {
		found[p.String()] = true
		if !listed[p.String()] {
			unexpected = append(unexpected, p)
		}
	}
	for _, line := range slices.Sorted(maps.Keys(listed)) {
		if !found[line] {
			fixed = append(fixed, line)
		}
	}
	return unexpected, fixed
}

// problem is one finding: where, in which operation, and Shopify's schema's
// word on it.
type problem struct {
	file, operation, message string
}

func (p problem) String() string {
	if p.operation == "" {
		return fmt.Sprintf("%s: %s", p.file, p.message)
	}
	return fmt.Sprintf("%s: %s: %s", p.file, p.operation, p.message)
}
