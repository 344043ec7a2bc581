package shopify

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
)

// WebhookSubscription is one topic the shop sends to an address, as
// `knitfront webhooks` prints it and the stand-in keeps it.
type WebhookSubscription struct {
	ID    string `json:"id"`
	Topic string `json:"topic"`
	URI   string `json:"uri"`
}

// SubscriptionTopic is a webhook topic as the Admin API's
// WebhookSubscriptionTopic enum names it: products/create is
// PRODUCTS_CREATE.
func SubscriptionTopic(topic string) string {
	return strings.ToUpper(strings.ReplaceAll(topic, "/", "_"))
}

// SubscriptionTopics are the topics knitfront subscribes to, as the enum
// names them, in order.
func SubscriptionTopics() []string {
	var topics []string
	for t := range WebhookTopics {
		topics = append(topics, SubscriptionTopic(t))
	}
	slices.Sort(topics)
	return topics
}

// CheckWebhookAddress checks where the shop is to send its webhooks: an
// https address, as Shopify requires, or http to a loopback host, for a
// stand-in on one machine.
func CheckWebhookAddress(address string) error {
	u, err := url.Parse(address)
	if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q is not an address such as https://knitfront.example/webhooks/shopify", address)
	}
	host := u.Hostname()
	loopback := host == "localhost" || net.ParseIP(host).IsLoopback()
	if u.Scheme != "https" && (u.Scheme != "http" || !loopback) {
		return fmt.Errorf("%q: Shopify sends webhooks to https addresses only", address)
	}
	return nil
}

// subscription is a subscription as Shopify answered it.
func subscription(f WebhookSubscriptionFields) WebhookSubscription {
	return WebhookSubscription{ID: f.Id, Topic: string(f.Topic), URI: f.Uri}
}

// WebhookSubscriptions lists every webhook subscription of the app.
func (c *Client) WebhookSubscriptions(ctx context.Context) ([]WebhookSubscription, error) {
	var all []WebhookSubscription
	err := eachPage(func(after *string) (PageFields, error) {
		answer, err := WebhookSubscriptions(ctx, c, after)
		if err != nil {
			return PageFields{}, err
		}
		for _, node := range answer.WebhookSubscriptions.Nodes {
			all = append(all, subscription(node))
		}
		return answer.WebhookSubscriptions.PageInfo, nil
	})
	return all, err
}

// RegisterWebhooks subscribes address to every topic knitfront keeps that
// it is not subscribed to yet; subscriptions already there, to address or
// elsewhere, are left as they are. It returns the subscriptions to address
// it created and those it found.
func (c *Client) RegisterWebhooks(ctx context.Context, address string) (created, found []WebhookSubscription, err error) {
	if err := CheckWebhookAddress(address); err != nil {
		return nil, nil, err
	}
	existing, err := c.WebhookSubscriptions(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, topic := range SubscriptionTopics() {
		i := slices.IndexFunc(existing, func(s WebhookSubscription) bool { return s.Topic == topic && s.URI == address })
		if i >= 0 {
			found = append(found, existing[i])
			continue
		}
		answer, err := WebhookSubscriptionCreate(ctx, c, WebhookSubscriptionTopic(topic), address)
		if err != nil {
			return created, found, err
		}
		result := answer.WebhookSubscriptionCreate
		if result == nil || len(result.UserErrors) > 0 || result.WebhookSubscription == nil {
			var errs []error
			if result != nil {
				for _, e := range result.UserErrors {
					errs = append(errs, errors.New(e.Message))
				}
			}
			if len(errs) == 0 {
				errs = append(errs, errors.New("the answer holds no subscription"))
			}
			return created, found, fmt.Errorf("Shopify did not subscribe %s: %w", topic, errors.Join(errs...))
		}
		created = append(created, subscription(*result.WebhookSubscription))
	}
	return created, found, nil
}
