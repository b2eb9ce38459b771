package domain

import "time"

// Marketplace event types published on the events stream.
const (
	EventBookingRequested = "booking.requested"
	EventBookingConfirmed = "booking.confirmed"
	EventBookingCancelled = "booking.cancelled"
	EventBookingCompleted = "booking.completed"
	EventClaimFiled       = "claim.filed"
	EventKYCApproved      = "kyc.approved"
)

// Event is the envelope written to the Redis stream. ID identifies the
// business fact, not the stream entry: publishing the same fact twice gives
// two stream entries with the same ID.
type Event struct {
	ID         string            `json:"id"`
	Type       string            `json:"type"`
	OccurredAt time.Time         `json:"occurred_at"`
	Attrs      map[string]string `json:"attrs"`
}

// NewEvent builds an event for a fact about the given subject.
func NewEvent(typ, subjectID string, attrs map[string]string) Event {
	if attrs == nil {
		attrs = map[string]string{}
	}
	return Event{
		ID:         typ + ":" + subjectID,
		Type:       typ,
		OccurredAt: time.Now().UTC(),
		Attrs:      attrs,
	}
}
