package payouts

import (
	"time"

	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// SignatureHeader carries the webhook signature.
const SignatureHeader = "X-Payouts-Signature"

// Event is a webhook delivery; ID is stable across redeliveries.
type Event struct {
	ID         string `json:"event_id"`
	Type       string `json:"event_type"`
	OccurredAt string `json:"occurred_at"`
	Payout     Payout `json:"payout"`
}

const (
	EventPayoutPaid     = "payout.paid"
	EventPayoutFailed   = "payout.failed"
	EventPayoutReturned = "payout.returned"
)

// VerifyWebhook checks the signature header against the raw body.
func VerifyWebhook(secret, header string, body []byte, now time.Time) error {
	return httpjson.VerifyTimestamped(secret, header, body, now, 10*time.Minute)
}
