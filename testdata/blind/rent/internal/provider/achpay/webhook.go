package achpay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"
)

// WebhookEvent is the envelope the transfers provider posts to us.
type WebhookEvent struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	CreatedAt  time.Time       `json:"created_at"`
	TransferID string          `json:"transfer_id"`
	Data       json.RawMessage `json:"data"`
}

// TransferEventData is carried by transfer.* events.
type TransferEventData struct {
	Status      string `json:"status"`
	FailureCode string `json:"failure_code"`
	AmountCents int64  `json:"amount_cents"`
}

// VerifySignature checks the X-Transfers-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret, signature string, body []byte) bool {
	if secret == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
