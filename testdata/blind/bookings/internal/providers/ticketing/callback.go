package ticketing

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Callback is the body the partner POSTs when a deferred issuance finishes.
type Callback struct {
	TicketNumber string    `json:"ticket_number"`
	BookingRef   string    `json:"booking_ref"`
	PartnerRef   string    `json:"partner_ref"`
	PDFURL       string    `json:"pdf_url"`
	IssuedAt     time.Time `json:"issued_at"`
}

// ErrBadSignature is returned for callbacks that fail verification.
var ErrBadSignature = errors.New("ticketing: bad callback signature")

// CallbackVerifier checks the X-Partner-Signature header (hex HMAC-SHA256
// of the raw body).
type CallbackVerifier struct {
	secret []byte
}

// NewCallbackVerifier builds a verifier.
func NewCallbackVerifier(secret string) *CallbackVerifier {
	return &CallbackVerifier{secret: []byte(secret)}
}

// Verify checks sig against body.
func (v *CallbackVerifier) Verify(body []byte, sig string) error {
	want, err := hex.DecodeString(sig)
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
