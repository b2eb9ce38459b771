package carrier

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

// TrackingEvent is one entry in a carrier webhook batch.
type TrackingEvent struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// Delivered reports whether the event marks final delivery.
func (e TrackingEvent) Delivered() bool { return e.Status == "delivered" }

// WebhookBatch is the body of a carrier webhook POST.
type WebhookBatch struct {
	Events []TrackingEvent `json:"events"`
}

// ErrBadSignature means the webhook signature did not verify.
var ErrBadSignature = errors.New("carrier: bad webhook signature")

// ParseWebhook verifies the X-Parcelpoint-Signature header and decodes the batch.
func ParseWebhook(body []byte, signature, secret string) (WebhookBatch, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return WebhookBatch{}, ErrBadSignature
	}
	var b WebhookBatch
	if err := json.Unmarshal(body, &b); err != nil {
		return WebhookBatch{}, err
	}
	return b, nil
}
