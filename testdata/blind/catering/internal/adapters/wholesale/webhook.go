package wholesale

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

// Event is the envelope the partner posts to our webhook endpoint. The
// partner retries a delivery until it gets a 2xx, for up to 72 hours.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

type OrderConfirmed struct {
	OrderID     string     `json:"order_id"`
	ConfirmedAt time.Time  `json:"confirmed_at"`
	ETA         *time.Time `json:"eta"`
}

type OrderShipped struct {
	OrderID   string    `json:"order_id"`
	ShippedAt time.Time `json:"shipped_at"`
	Carrier   string    `json:"carrier"`
}

var ErrBadSignature = errors.New("wholesale: bad webhook signature")

// VerifySignature checks the hex HMAC-SHA256 in X-Freshline-Signature.
func VerifySignature(secret string, body []byte, header string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(header)
	if err != nil || !hmac.Equal(want, got) {
		return ErrBadSignature
	}
	return nil
}
