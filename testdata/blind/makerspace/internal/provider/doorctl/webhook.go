package doorctl

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"
)

// Event is a webhook notification from the vendor.
type Event struct {
	EventID      string    `json:"event_id"`
	Type         string    `json:"type"` // credential.provisioned, credential.deactivated, door.forced
	OccurredAt   time.Time `json:"occurred_at"`
	CredentialID string    `json:"credential_id"`
	MemberRef    string    `json:"member_ref"`
	Status       string    `json:"status"`
}

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("doorctl: bad webhook signature")

// ParseWebhook verifies the X-Doorctl-Signature header (base64 HMAC-SHA256 of the body).
func (c *Client) ParseWebhook(payload []byte, signature string) (*Event, error) {
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write(payload)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(payload, &evt); err != nil {
		return nil, err
	}
	if evt.EventID == "" {
		return nil, errors.New("doorctl: event without id")
	}
	return &evt, nil
}
