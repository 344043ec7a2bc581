// Command knitfront is the storefront add-on's backend: the JSON API the
// widgets call, and with `dev`, a local stand-in for the Shopify storefront.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "knitfront:", err)
		}
		os.Exit(exitCode(err))
	}
}

func exitCode(err error) int {
	if errors.Is(err, errUsage) || errors.Is(err, flag.ErrHelp) {
		return 2
	}
	return 1
}

var errUsage = errors.New("usage")

// command is a subcommand: what it is for, and what it does.
type command struct {
	name, args, summary string
	run                 func(ctx context.Context, cfg config, args []string, log *slog.Logger, stdout io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "", "Serve the JSON API (production): migrations run first, then the server listens until SIGTERM or SIGINT, which drain in-flight requests. Any number may share one PostgreSQL behind a load balancer; docs/operations.md tells how.", serve},
		{"dev", "", "Serve the API and the dev storefront on one machine, loading the demo catalogue into an empty database first.", dev},
		{"migrate", "", "Apply the database migrations that have not run yet, then exit.", migrate},
		{"sync", "", "Read the catalogue, market prices, pre-order plans and automatic discounts from the Shopify shop's Admin API and import them in one transaction; knitters stay. docs/shopify-setup.md tells how to connect a shop.", syncShop},
		{"webhooks", "register --url URL | list", "`webhooks register --url https://…/webhooks/shopify` subscribes that address to every topic knitfront applies, leaving subscriptions already there; `webhooks list` shows the app's subscriptions. Both through the shop's Admin API (docs/shopify-setup.md).", webhooksCommand},
		{"import", "FILE", "Import a catalogue document (JSON; see data/demo/catalog.json): each section it has replaces the shop's, in one transaction.", importFile},
		{"reviews", "list|hide|publish|delete ...", "Moderate visitors' reviews in the database: list [--status pending|published|hidden] [--knitter ID], hide ID..., publish ID..., delete ID...", moderateReviews},
		{"theme", "FILE", "Write the Shopify theme, with the widget bundle this binary was built with, as a zip to upload (docs/install-theme.md).", exportTheme},
		{"rates", "refresh [--accept-jump]", "`rates refresh` fetches the currency rates from the feed now, stores them and prints what it stored; a rate that moved more than --rates-max-jump is refused unless --accept-jump is given.", ratesCommand},
	}
}

// run is the whole program, testable: args without the program name, the
// environment as a function, and the output streams. It reads the real
// clock.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runAt(ctx, time.Now, args, getenv, stdout, stderr)
}

// runAt is run on the clock now, which the currency rates are checked
// against, so that tests date their feeds by a clock of their own.
func runAt(ctx context.Context, now func() time.Time, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		printUsage(stderr)
		if len(args) == 0 {
			return errUsage
		}
		return flag.ErrHelp
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		usage := c.name
		if c.args != "" {
			usage += " [flags] " + c.args
		}
		cfg, rest, err := parseConfig(usage, c.summary, args[1:], getenv, stderr)
		if err != nil {
			return err
		}
		cfg.now = now
		log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
		return c.run(ctx, cfg, rest, log, stdout)
	}
	printUsage(stderr)
	return fmt.Errorf("%w: unknown command %q", errUsage, args[0])
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: knitfront COMMAND [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun knitfront COMMAND --help for the flags and environment variables of a command.")
}
