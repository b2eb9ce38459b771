package bureau

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// DecisionEvent is the body of a decision callback.
type DecisionEvent struct {
	EventID   string `json:"event_id"`
	Type      string `json:"type"` // "report.decided"
	ReportRef string `json:"report_ref"`
	Reference string `json:"reference"`
	Decision  string `json:"decision"` // "approve", "decline", "refer"
	Score     int    `json:"score"`
	MaxCents  int64  `json:"max_cents"`
	AprBps    int32  `json:"apr_bps"`
}

// VerifySignature checks the X-Bureau-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret, header string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(header)
	if err != nil {
		return false
	}
	return hmac.Equal(want, got)
}
