package stripepay

import (
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Event is the subset of a Stripe event the agency acts on.
type Event struct {
	ID              string
	Type            string
	Created         int64
	PaymentIntentID string
	AmountCents     int64
	ReceiptEmail    string
	Metadata        map[string]string
}

// VerifyEvent checks the Stripe-Signature header and flattens the event.
func VerifyEvent(payload []byte, sigHeader, secret string) (Event, error) {
	evt, err := webhook.ConstructEvent(payload, sigHeader, secret)
	if err != nil {
		return Event{}, fmt.Errorf("stripepay: verify webhook: %w", err)
	}
	out := Event{ID: evt.ID, Type: string(evt.Type), Created: evt.Created}
	if evt.Data == nil {
		return out, nil
	}
	obj := evt.Data.Object
	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded, stripe.EventTypePaymentIntentPaymentFailed:
		out.PaymentIntentID, _ = obj["id"].(string)
		out.AmountCents = asInt64(obj["amount_received"])
		out.Metadata = asStringMap(obj["metadata"])
		out.ReceiptEmail = out.Metadata["receipt_email"]
	case stripe.EventTypeChargeRefunded:
		out.PaymentIntentID, _ = obj["payment_intent"].(string)
		out.AmountCents = asInt64(obj["amount_refunded"])
		out.Metadata = asStringMap(obj["metadata"])
	}
	return out, nil
}

func asInt64(v any) int64 {
	if f, ok := v.(float64); ok {
		return int64(f)
	}
	return 0
}

func asStringMap(v any) map[string]string {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, val := range m {
		if s, ok := val.(string); ok {
			out[k] = s
		}
	}
	return out
}
