package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"text/tabwriter"

	"knitfront/internal/shopify"
)

// webhooksCommand is `knitfront webhooks register --url URL | list`: the
// shop's webhook subscriptions, through the Admin API.
func webhooksCommand(ctx context.Context, cfg config, args []string, _ *slog.Logger, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: webhooks takes an action: register --url URL, or list", errUsage)
	}
	action, args := args[0], args[1:]
	var address string
	switch action {
	case "register":
		fs := flag.NewFlagSet("webhooks register", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.StringVar(&address, "url", "", "")
		if err := fs.Parse(args); err != nil || fs.NArg() != 0 || address == "" {
			return fmt.Errorf("%w: webhooks register takes --url, the address of knitfront's POST /webhooks/shopify, such as https://knitfront.example/webhooks/shopify", errUsage)
		}
		if err := shopify.CheckWebhookAddress(address); err != nil {
			return fmt.Errorf("%w: webhooks register --url: %v", errUsage, err)
		}
	case "list":
		if len(args) != 0 {
			return fmt.Errorf("%w: webhooks list takes no arguments", errUsage)
		}
	default:
		return fmt.Errorf("%w: webhooks %q: the actions are register and list", errUsage, action)
	}
	client, err := cfg.Shopify.client()
	if err != nil {
		return err
	}
	if action == "list" {
		subscriptions, err := client.WebhookSubscriptions(ctx)
		if err != nil {
			return fmt.Errorf("listing the webhooks of %s: %w", cfg.Shopify.Shop, shopifyError(err))
		}
		printSubscriptions(stdout, subscriptions)
		return nil
	}
	created, found, err := client.RegisterWebhooks(ctx, address)
	for _, s := range created {
		fmt.Fprintf(stdout, "subscribed %s\n", s.Topic)
	}
	if err != nil {
		return fmt.Errorf("registering the webhooks of %s: %w", cfg.Shopify.Shop, shopifyError(err))
	}
	fmt.Fprintf(stdout, "%s: %d topics subscribed now, %d were already\n", address, len(created), len(found))
	return nil
}

func printSubscriptions(w io.Writer, subscriptions []shopify.WebhookSubscription) {
	if len(subscriptions) == 0 {
		fmt.Fprintln(w, "no webhook subscriptions")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOPIC\tADDRESS\tID")
	for _, s := range subscriptions {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Topic, s.URI, s.ID)
	}
	tw.Flush()
}
