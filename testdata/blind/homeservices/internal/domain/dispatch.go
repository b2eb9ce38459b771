package domain

import "time"

// Offer statuses.
const (
	OfferOffered  = "offered"
	OfferAccepted = "accepted"
	OfferDeclined = "declined"
	OfferExpired  = "expired"
)

// DispatchOffer is an SMS invitation to a technician to take a job.
type DispatchOffer struct {
	ID           string    `db:"id"`
	JobID        string    `db:"job_id"`
	TechnicianID string    `db:"technician_id"`
	ReplyCode    string    `db:"reply_code"`
	Status       string    `db:"status"`
	SMSMessageID *string   `db:"sms_message_id"`
	CreatedAt    time.Time `db:"created_at"`
	UpdatedAt    time.Time `db:"updated_at"`
}

// Assignment binds a technician to a job.
type Assignment struct {
	JobID        string    `db:"job_id"`
	TechnicianID string    `db:"technician_id"`
	OfferID      string    `db:"offer_id"`
	AssignedAt   time.Time `db:"assigned_at"`
}

// Escalation records a voice call to an on-call technician.
type Escalation struct {
	ID           string    `db:"id"`
	JobID        string    `db:"job_id"`
	TechnicianID string    `db:"technician_id"`
	CallSID      string    `db:"call_sid"`
	CreatedAt    time.Time `db:"created_at"`
}

// TechnicianLocation is the latest known position of a technician.
type TechnicianLocation struct {
	TechnicianID string    `db:"technician_id"`
	Lat          float64   `db:"lat"`
	Lng          float64   `db:"lng"`
	Heading      *float64  `db:"heading"`
	RecordedAt   time.Time `db:"recorded_at"`
}

// ETANotice is the one "your technician is nearly there" text per job.
type ETANotice struct {
	JobID        string    `db:"job_id"`
	TechnicianID string    `db:"technician_id"`
	ETAMinutes   int       `db:"eta_minutes"`
	Status       string    `db:"status"`
	SMSMessageID *string   `db:"sms_message_id"`
	CreatedAt    time.Time `db:"created_at"`
}
