package pubsubsub

import (
	"context"
	"encoding/json"
	"fmt"

	"cloud.google.com/go/pubsub/v2"

	"github.com/civicfund/grants/internal/service"
)

// Deps are the services the subscriptions call.
type Deps struct {
	Receipts     service.ReceiptService
	GranteeHooks service.GranteeNotificationService
	Campaigns    service.CampaignService
}

// Subscriptions returns the worker's Pub/Sub subscriptions.
func Subscriptions(d Deps) []Subscription {
	return []Subscription{
		{
			ID:             "donation-succeeded.thank-you",
			Handler:        jsonHandler(d.Receipts.SendThankYou),
			MaxOutstanding: 50,
		},
		{
			ID:             "grant-status-changed.grantee-webhooks",
			Handler:        jsonHandler(d.GranteeHooks.NotifyStatusChange),
			MaxOutstanding: 10,
		},
		{
			ID: "offline-gifts.campaign-totals",
			Handler: func(ctx context.Context, m *pubsub.Message) error {
				var g service.OfflineGift
				if err := json.Unmarshal(m.Data, &g); err != nil {
					return fmt.Errorf("decode offline gift %s: %w", m.ID, err)
				}
				return d.Campaigns.RecordOfflineGift(ctx, m.ID, g)
			},
			MaxOutstanding: 1,
		},
	}
}

func jsonHandler[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, m *pubsub.Message) error {
		var v T
		if err := json.Unmarshal(m.Data, &v); err != nil {
			return fmt.Errorf("decode message %s: %w", m.ID, err)
		}
		return fn(ctx, v)
	}
}
