// Package webhooks holds helpers shared by the inbound webhook handlers.
package webhooks

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// EventLog remembers which provider events have been handled.
type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

// PaymentIntentFrom decodes the payment intent carried by a
// payment_intent.* event.
func PaymentIntentFrom(evt stripe.Event) (*stripe.PaymentIntent, error) {
	if evt.Data == nil {
		return nil, fmt.Errorf("event %s has no data", evt.ID)
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return nil, fmt.Errorf("decode payment intent: %w", err)
	}
	return &pi, nil
}
