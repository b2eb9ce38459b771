package sendwell

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Receipt is a delivery-receipt callback. Sendwell retries a callback every
// few minutes for 24 hours until it gets a 2xx.
type Receipt struct {
	ReceiptID  string    `json:"receipt_id"`
	MessageID  string    `json:"message_id"`
	Status     string    `json:"status"`
	ErrorCode  string    `json:"error_code,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Inbound is an SMS reply from a client's phone.
type Inbound struct {
	InboundID  string    `json:"inbound_id"`
	From       string    `json:"from"`
	To         string    `json:"to"`
	Body       string    `json:"body"`
	ReceivedAt time.Time `json:"received_at"`
}

var ErrBadSignature = errors.New("sendwell: bad callback signature")

// Verifier checks X-Sendwell-Signature (hex HMAC-SHA256 of the body).
type Verifier struct{ secret []byte }

func NewVerifier(secret string) *Verifier { return &Verifier{secret: []byte(secret)} }

func (v *Verifier) Verify(signature string, body []byte) error {
	mac := hmac.New(sha256.New, v.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}
