package suretyapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
)

// Callback event types the surety posts to the agency.
const (
	EventPowerIssued = "power.issued"
	EventFeeAssessed = "fee.assessed"
)

// CallbackEvent is the body of a surety callback. The surety redelivers an
// event until it receives a 2xx, keeping the same event_id.
type CallbackEvent struct {
	ID          string `json:"event_id"`
	Type        string `json:"type"`
	OccurredAt  string `json:"occurred_at"`
	BondRef     string `json:"bond_ref"`
	PowerNumber string `json:"power_number,omitempty"`
	FeeCode     string `json:"fee_code,omitempty"`
	AmountCents int64  `json:"amount_cents,omitempty"`
}

// ErrBadSignature is returned for callbacks not signed with the shared secret.
var ErrBadSignature = errors.New("suretyapi: bad callback signature")

// ParseCallback verifies the X-Granite-Signature HMAC and decodes the event.
func ParseCallback(body []byte, signature, secret string) (CallbackEvent, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return CallbackEvent{}, ErrBadSignature
	}
	var evt CallbackEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return CallbackEvent{}, fmt.Errorf("suretyapi: decode callback: %w", err)
	}
	if evt.ID == "" || evt.Type == "" {
		return CallbackEvent{}, fmt.Errorf("suretyapi: callback missing event_id or type")
	}
	return evt, nil
}
