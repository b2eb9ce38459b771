package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Event is a webhook notification. The processor resends an event until we
// answer 2xx, for up to three days; Event.ID is stable across resends.
type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

const (
	EventRefundSucceeded      = "refund.succeeded"
	EventRefundFailed         = "refund.failed"
	EventAuthorisationExpired = "authorisation.expired"
	EventDisputeOpened        = "dispute.opened"
)

type RefundEventData struct {
	RefundID         string            `json:"id"`
	AuthorisationRef string            `json:"authorisation_id"`
	AmountPence      int64             `json:"amount"`
	FailureReason    string            `json:"failure_reason,omitempty"`
	Metadata         map[string]string `json:"metadata"`
}

type AuthorisationEventData struct {
	AuthorisationRef string `json:"id"`
	Reference        string `json:"reference"`
	AmountPence      int64  `json:"amount"`
}

type DisputeEventData struct {
	DisputeID        string `json:"id"`
	AuthorisationRef string `json:"authorisation_id"`
	AmountPence      int64  `json:"amount"`
	Reason           string `json:"reason"`
}

var ErrBadSignature = errors.New("payments: webhook signature mismatch")

// VerifySignature checks a "t=<unix>,v1=<hex hmac>" signature header
// against the raw body.
func VerifySignature(secret string, body []byte, header string, tolerance time.Duration, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
