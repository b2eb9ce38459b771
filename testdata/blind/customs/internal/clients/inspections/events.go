package inspections

import "time"

// Event types the partner publishes to our SQS queue.
const (
	EventScheduled = "inspection.scheduled"
	EventCompleted = "inspection.completed"
	EventCancelled = "inspection.cancelled"
)

// Event is the envelope of a partner event.
type Event struct {
	EventID         string    `json:"event_id"`
	Type            string    `json:"type"`
	BookingID       string    `json:"booking_id"`
	ClientReference string    `json:"client_reference"`
	OccurredAt      time.Time `json:"occurred_at"`

	// inspection.scheduled
	FacilityCode  string    `json:"facility_code,omitempty"`
	InspectorName string    `json:"inspector_name,omitempty"`
	StartsAt      time.Time `json:"starts_at,omitempty"`
	EndsAt        time.Time `json:"ends_at,omitempty"`

	// inspection.completed
	Result      string `json:"result,omitempty"` // passed | discrepancy | failed
	FeeCents    int64  `json:"fee_cents,omitempty"`
	FeeCurrency string `json:"fee_currency,omitempty"`
	ReportURL   string `json:"report_url,omitempty"`

	// inspection.cancelled
	Reason string `json:"reason,omitempty"`
}
