// Command gen writes the widgets' copy of the currency and market table to
// the file named by its argument; go generate in internal/money runs it.
package main

import (
	"fmt"
	"os"

	"knitfront/internal/money"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen PATH (the currencies.ts to write)")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], money.TypeScript(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
