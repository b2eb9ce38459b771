package kyc

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"
)

const SignatureHeader = "Veridocs-Signature"

var ErrBadSignature = errors.New("kyc: bad webhook signature")

// WebhookEvent is a verification outcome notification. Veridocs retries a
// delivery until it gets a 2xx, for up to 72 hours; ID is stable across
// those retries.
type WebhookEvent struct {
	ID              string          `json:"id"`
	Type            string          `json:"type"`
	VerificationID  string          `json:"verification_id"`
	ClientReference string          `json:"client_reference"`
	Outcome         string          `json:"outcome"`
	RiskScore       int             `json:"risk_score"`
	Checks          json.RawMessage `json:"checks"`
	CreatedAt       time.Time       `json:"created_at"`
}

// VerifyAndParse checks the hex HMAC-SHA256 of the body and decodes it.
func VerifyAndParse(secret []byte, signature string, body []byte) (WebhookEvent, error) {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(mac.Sum(nil), got) {
		return WebhookEvent{}, ErrBadSignature
	}
	var ev WebhookEvent
	err = json.Unmarshal(body, &ev)
	return ev, err
}
