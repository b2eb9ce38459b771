package directdebit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

// ErrBadSignature is returned when the Webhook-Signature header does not
// match the body.
var ErrBadSignature = errors.New("directdebit: bad webhook signature")

// Event is one entry of a webhook delivery. A delivery can carry several
// events and is resent, with the same event IDs, until we answer 2xx.
type Event struct {
	ID           string    `json:"id"`
	CreatedAt    time.Time `json:"created_at"`
	ResourceType string    `json:"resource_type"`
	Action       string    `json:"action"`
	Links        struct {
		Payment string `json:"payment"`
		Mandate string `json:"mandate"`
	} `json:"links"`
	Details struct {
		Origin      string `json:"origin"`
		Cause       string `json:"cause"`
		Description string `json:"description"`
		ReasonCode  string `json:"reason_code"`
	} `json:"details"`
}

// ParseWebhook verifies the HMAC-SHA256 signature and decodes the events.
func ParseWebhook(secret string, body []byte, signature string) ([]Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, ErrBadSignature
	}
	var payload struct {
		Events []Event `json:"events"`
	}
	if err := json.Unmarshal(body, &payload); err != nil {
		return nil, err
	}
	return payload.Events, nil
}
