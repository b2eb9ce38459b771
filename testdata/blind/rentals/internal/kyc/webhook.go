package kyc

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/gearloop/rentals/internal/outbound"
)

// Decision is the body of the vendor's "check.completed" webhook.
type Decision struct {
	EventID        string    `json:"event_id"`
	CheckID        string    `json:"check_id"`
	SessionID      string    `json:"session_id"`
	ExternalUserID string    `json:"external_user_id"`
	Outcome        string    `json:"outcome"` // approved | rejected | resubmit
	DecidedAt      time.Time `json:"decided_at"`
}

// ParseWebhook verifies the vendor's signature headers and decodes the body.
func ParseWebhook(secret string, h http.Header, body []byte) (Decision, error) {
	if err := outbound.VerifyHMAC(secret, h.Get("X-Verifyly-Timestamp"), h.Get("X-Verifyly-Signature"), body, 5*time.Minute); err != nil {
		return Decision{}, err
	}
	var d Decision
	if err := json.Unmarshal(body, &d); err != nil {
		return Decision{}, err
	}
	return d, nil
}
