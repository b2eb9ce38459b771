package insurer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SignatureHeader carries "t=<unix>,v1=<base64 hmac>".
const SignatureHeader = "Shieldline-Signature"

// ErrBadSignature is returned when a webhook fails verification.
var ErrBadSignature = errors.New("shieldline: bad webhook signature")

// Event is a Shieldline webhook. Shieldline retries a delivery with backoff
// for up to 72 hours until it gets a 2xx.
type Event struct {
	ID         string          `json:"event_id"`
	Type       string          `json:"type"`
	ClaimRef   string          `json:"claim_ref"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Event types.
const (
	EventClaimAuthorized = "claim.authorized"
	EventClaimApproved   = "claim.approved"
	EventClaimRejected   = "claim.rejected"
)

// ClaimAuthorizedData is the payload of claim.authorized.
type ClaimAuthorizedData struct {
	AuthorizationRef string    `json:"authorization_ref"`
	AmountCents      int64     `json:"amount_cents"`
	ExpiresAt        time.Time `json:"expires_at"`
}

// ClaimApprovedData is the payload of claim.approved.
type ClaimApprovedData struct {
	ApprovedCents       int64 `json:"approved_cents"`
	CustomerCreditCents int64 `json:"customer_credit_cents"`
}

// ClaimRejectedData is the payload of claim.rejected.
type ClaimRejectedData struct {
	Reason string `json:"reason"`
}

// Verifier checks webhook signatures.
type Verifier struct {
	secret    []byte
	tolerance time.Duration
	now       func() time.Time
}

// NewVerifier builds a Verifier.
func NewVerifier(cfg Config) *Verifier {
	return &Verifier{secret: []byte(cfg.WebhookSecret), tolerance: 5 * time.Minute, now: time.Now}
}

// Verify checks the signature header against the raw body.
func (v *Verifier) Verify(body []byte, header string) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = val
		case "v1":
			sig = val
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return ErrBadSignature
	}
	if d := v.now().Sub(time.Unix(sec, 0)); d > v.tolerance || d < -v.tolerance {
		return ErrBadSignature
	}
	want, err := base64.StdEncoding.DecodeString(sig)
	if err != nil {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), want) {
		return ErrBadSignature
	}
	return nil
}
