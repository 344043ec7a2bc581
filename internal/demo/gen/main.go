// Command gen writes the demo catalogue as an import document to the file
// named by its argument; go generate in internal/demo runs it.
package main

import (
	"fmt"
	"os"

	"knitfront/internal/demo"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: gen PATH (the catalog.json to write)")
	}
	b, err := demo.CatalogJSON()
	if err != nil {
		return err
	}
	return os.WriteFile(args[0], b, 0o644)
}
