package stripex

import (
	"encoding/json"
	"fmt"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"
)

// Event types handled by the platform.
const (
	EventTransferPaid     = "transfer.paid"
	EventTransferReversed = "transfer.reversed"
	EventPayoutPaid       = "payout.paid"
	EventPayoutFailed     = "payout.failed"
)

// Verifier checks Stripe-Signature headers.
type Verifier struct {
	secret string
}

// NewVerifier returns a Verifier for the endpoint secret.
func NewVerifier(secret string) *Verifier { return &Verifier{secret: secret} }

// Verify parses and authenticates a webhook payload.
func (v *Verifier) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEventWithOptions(payload, signature, v.secret, webhook.ConstructEventOptions{
		IgnoreAPIVersionMismatch: true,
	})
}

// TransferObject is the part of a transfer event payload we read.
type TransferObject struct {
	ID             string            `json:"id"`
	Amount         int64             `json:"amount"`
	AmountReversed int64             `json:"amount_reversed"`
	Currency       string            `json:"currency"`
	Destination    string            `json:"destination"`
	Metadata       map[string]string `json:"metadata"`
}

// PayoutObject is the part of a payout event payload we read.
type PayoutObject struct {
	ID             string            `json:"id"`
	Amount         int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Status         string            `json:"status"`
	FailureCode    string            `json:"failure_code"`
	FailureMessage string            `json:"failure_message"`
	Metadata       map[string]string `json:"metadata"`
}

// DecodeObject unmarshals the event's data.object into T.
func DecodeObject[T any](evt stripe.Event) (T, error) {
	var out T
	if evt.Data == nil {
		return out, fmt.Errorf("event %s has no data", evt.ID)
	}
	if err := json.Unmarshal(evt.Data.Raw, &out); err != nil {
		return out, fmt.Errorf("decode %s object: %w", evt.Type, err)
	}
	return out, nil
}
