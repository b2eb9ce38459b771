package customs

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// DecisionEvent is the payload the authority posts when a declaration is
// released, held for inspection, or rejected.
type DecisionEvent struct {
	EventID   string    `json:"event_id"`
	EventType string    `json:"event_type"`
	MRN       string    `json:"mrn"`
	LRN       string    `json:"lrn"`
	Decision  string    `json:"decision"`
	Note      string    `json:"note"`
	DecidedAt time.Time `json:"decided_at"`
}

// VerifySignature checks the X-Customs-Signature header (hex HMAC-SHA256 of
// the raw body under the shared secret).
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil {
		return false
	}
	return hmac.Equal(want, got)
}
