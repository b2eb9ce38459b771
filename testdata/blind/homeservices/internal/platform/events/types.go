package events

import "time"

// JobPosted is published when a customer posts a job.
type JobPosted struct {
	JobID      string    `json:"job_id"`
	CustomerID string    `json:"customer_id"`
	Trade      string    `json:"trade"`
	Lat        float64   `json:"lat"`
	Lng        float64   `json:"lng"`
	Urgent     bool      `json:"urgent"`
	PostedAt   time.Time `json:"posted_at"`
}

// JobCompleted is published when the customer confirms the work is done.
type JobCompleted struct {
	JobID        string    `json:"job_id"`
	TechnicianID string    `json:"technician_id"`
	QuoteID      string    `json:"quote_id"`
	CompletedAt  time.Time `json:"completed_at"`
}

// JobStatusChanged is published by the technician app backend as the
// technician moves through a visit.
type JobStatusChanged struct {
	EventID      string    `json:"event_id"`
	JobID        string    `json:"job_id"`
	TechnicianID string    `json:"technician_id"`
	Status       string    `json:"status"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// OfferAccepted is published when a technician accepts a dispatch offer.
type OfferAccepted struct {
	OfferID      string    `json:"offer_id"`
	JobID        string    `json:"job_id"`
	TechnicianID string    `json:"technician_id"`
	AcceptedAt   time.Time `json:"accepted_at"`
	Channel      string    `json:"channel"`
}

// LocationPing is published by the technician app every few seconds.
type LocationPing struct {
	TechnicianID string    `json:"technician_id"`
	JobID        string    `json:"job_id,omitempty"`
	Lat          float64   `json:"lat"`
	Lng          float64   `json:"lng"`
	Heading      *float64  `json:"heading,omitempty"`
	SpeedKPH     float64   `json:"speed_kph"`
	RecordedAt   time.Time `json:"recorded_at"`
}
