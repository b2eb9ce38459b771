package shipping

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// SignatureHeader carries the hex HMAC-SHA256 of the raw webhook body.
const SignatureHeader = "X-Partner-Signature"

// VerifySignature checks a webhook body against its signature header.
func VerifySignature(body []byte, signature, secret string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil {
		return false
	}
	return hmac.Equal(want, got)
}

// TrackingEvent is the payload of the partner's tracking webhook. The partner
// redelivers an event until it receives a 2xx, keeping event_id unchanged.
type TrackingEvent struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// ExceptionEvent is the payload of the partner's exception webhook.
type ExceptionEvent struct {
	EventID        string `json:"event_id"`
	TrackingNumber string `json:"tracking_number"`
	Code           string `json:"code"`
	Detail         string `json:"detail"`
}
