package payouts

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Event types posted to our webhook.
const (
	EventPaymentCompleted = "payment.completed"
	EventPaymentFailed    = "payment.failed"
	EventPaymentReturned  = "payment.returned"
)

// StatusEvent is one webhook delivery. The provider retries with backoff for
// up to 72 hours until it sees a 2xx.
type StatusEvent struct {
	EventID          string    `json:"event_id"`
	Type             string    `json:"type"`
	PaymentID        string    `json:"payment_id"`
	PaymentReference string    `json:"payment_reference"`
	FailureReason    string    `json:"failure_reason,omitempty"`
	OccurredAt       time.Time `json:"occurred_at"`
}

// ErrBadSignature is returned when the signature header does not match.
var ErrBadSignature = errors.New("payouts: bad webhook signature")

// VerifySignature checks the X-Payouts-Signature header over the raw body.
func VerifySignature(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}
