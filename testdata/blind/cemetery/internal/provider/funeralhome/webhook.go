package funeralhome

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Event is a status callback from the partner network.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	BookingRef string          `json:"booking_ref"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Partner event types.
const (
	EventBookingConfirmed  = "booking.confirmed"
	EventIntermentComplete = "interment.completed"
	EventBookingDeclined   = "booking.declined"
)

// CompletionData is the payload of interment.completed.
type CompletionData struct {
	OpeningClosingFeeCents int64  `json:"opening_closing_fee_cents"`
	CareAccountRef         string `json:"care_account_ref"`
	Notes                  string `json:"notes"`
}

var ErrBadSignature = errors.New("funeralhome: bad webhook signature")

// VerifyAndParse checks the X-Restwell-Signature HMAC and decodes the event.
func VerifyAndParse(body []byte, signature, secret string) (Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return Event{}, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return Event{}, fmt.Errorf("funeralhome: decode event: %w", err)
	}
	if evt.ID == "" || evt.Type == "" {
		return Event{}, fmt.Errorf("funeralhome: event missing id or type")
	}
	return evt, nil
}
