package courier

import (
	"encoding/json"
	"time"
)

// Event is a status callback from the partner. EventID is stable across
// redeliveries of the same event.
type Event struct {
	EventID         string    `json:"event_id"`
	BookingID       string    `json:"booking_id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"` // collected, in_transit, delivered, failed_attempt, returned
	Reason          string    `json:"reason,omitempty"`
	OccurredAt      time.Time `json:"occurred_at"`
	Raw             json.RawMessage
}

// ParseEvent decodes a webhook body.
func ParseEvent(body []byte) (Event, error) {
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, err
	}
	ev.Raw = body
	return ev, nil
}
