package courier

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/gearloop/rentals/internal/outbound"
)

// StatusEvent is the body of the partner's job status webhook. The partner
// retries a delivery until it gets a 2xx, for up to 48 hours.
type StatusEvent struct {
	EventID    string    `json:"event_id"`
	JobID      string    `json:"job_id"`
	Status     string    `json:"status"` // assigned | picked_up | delivered | failed | cancelled
	OccurredAt time.Time `json:"occurred_at"`
	DriverName string    `json:"driver_name,omitempty"`
}

// ParseWebhook verifies and decodes a status webhook.
func ParseWebhook(secret string, h http.Header, body []byte) (StatusEvent, error) {
	if err := outbound.VerifyHMAC(secret, h.Get("X-Swiftdrop-Timestamp"), h.Get("X-Swiftdrop-Signature"), body, 10*time.Minute); err != nil {
		return StatusEvent{}, err
	}
	var ev StatusEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return StatusEvent{}, err
	}
	return ev, nil
}
