package courier

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// WebhookEvent is a booking status change. The partner retries delivery
// every few minutes for 24h until it gets a 2xx, with the same event_id.
type WebhookEvent struct {
	EventID     string    `json:"event_id"`
	Type        string    `json:"type"`
	BookingID   string    `json:"booking_id"`
	ExternalRef string    `json:"external_ref"`
	Status      string    `json:"status"`
	Driver      *Driver   `json:"driver,omitempty"`
	Parcels     int       `json:"parcels"`
	Reason      string    `json:"reason,omitempty"`
	OccurredAt  time.Time `json:"occurred_at"`
}

const (
	EventPickedUp  = "booking.picked_up"
	EventDelivered = "booking.delivered"
	EventFailed    = "booking.failed"
	EventAssigned  = "booking.driver_assigned"
)

var ErrBadSignature = errors.New("courier: bad webhook signature")

func Verify(secret, signature string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}
