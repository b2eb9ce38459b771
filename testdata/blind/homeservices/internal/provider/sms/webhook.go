package sms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// SignatureHeader carries the HMAC of the raw body.
const SignatureHeader = "X-Relaytel-Signature"

// ErrBadSignature is returned when a webhook fails verification.
var ErrBadSignature = errors.New("relaytel: bad webhook signature")

// Verifier checks webhook signatures.
type Verifier struct {
	secret []byte
}

// NewVerifier builds a Verifier.
func NewVerifier(cfg Config) *Verifier { return &Verifier{secret: []byte(cfg.WebhookSecret)} }

// Verify checks the hex HMAC-SHA256 of body.
func (v *Verifier) Verify(body []byte, signature string) error {
	want, err := hex.DecodeString(signature)
	if err != nil {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), want) {
		return ErrBadSignature
	}
	return nil
}

// InboundMessage is the payload of the inbound SMS webhook.
type InboundMessage struct {
	MessageSID string    `json:"message_sid"`
	From       string    `json:"from"`
	To         string    `json:"to"`
	Body       string    `json:"body"`
	ReceivedAt time.Time `json:"received_at"`
}

// StatusCallback is the payload of the delivery receipt webhook.
type StatusCallback struct {
	MessageSID      string  `json:"message_sid"`
	Status          string  `json:"status"`
	ErrorCode       *string `json:"error_code,omitempty"`
	ClientReference string  `json:"client_reference,omitempty"`
}
