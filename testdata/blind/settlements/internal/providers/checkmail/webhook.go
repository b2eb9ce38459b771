package checkmail

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
)

// Event types for check tracking.
const (
	EventCheckMailed    = "check.mailed"
	EventCheckDeposited = "check.deposited"
	EventCheckReturned  = "check.returned_to_sender"
)

// Event is a tracking webhook delivery. PostCheck redelivers on any non-2xx
// and occasionally duplicates deliveries even after a 2xx.
type Event struct {
	ID        string `json:"id"`
	EventType struct {
		ID string `json:"id"`
	} `json:"event_type"`
	Body struct {
		ID          string `json:"id"`
		CheckNumber string `json:"check_number"`
		AmountCents int64  `json:"amount"`
	} `json:"body"`
}

// Type returns the event type id.
func (e *Event) Type() string { return e.EventType.ID }

// CheckID returns the check the event is about.
func (e *Event) CheckID() string { return e.Body.ID }

// ErrBadSignature is returned for an unverifiable delivery.
var ErrBadSignature = errors.New("checkmail: webhook signature mismatch")

// VerifyAndParse checks the PostCheck-Signature header (hex HMAC-SHA256 of
// "<timestamp>.<body>") and decodes the event.
func VerifyAndParse(secret, timestamp, signature string, body []byte) (*Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature)) {
		return nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return nil, fmt.Errorf("checkmail: decode event: %w", err)
	}
	return &ev, nil
}
