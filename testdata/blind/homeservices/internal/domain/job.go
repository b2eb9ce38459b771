// Package domain holds the marketplace's core types.
package domain

import "time"

// JobStatus is the lifecycle state of a job.
type JobStatus string

// Job statuses.
const (
	JobOpen      JobStatus = "open"
	JobQuoted    JobStatus = "quoted"
	JobBooked    JobStatus = "booked"
	JobAssigned  JobStatus = "assigned"
	JobEnRoute   JobStatus = "en_route"
	JobOnSite    JobStatus = "on_site"
	JobCompleted JobStatus = "completed"
	JobCancelled JobStatus = "cancelled"
)

// Trades a job can be posted for.
var Trades = map[string]bool{"plumbing": true, "electrical": true, "hvac": true, "handyman": true}

// Job is a repair request posted by a customer.
type Job struct {
	ID                   string     `db:"id" json:"id"`
	CustomerID           string     `db:"customer_id" json:"customer_id"`
	Trade                string     `db:"trade" json:"trade"`
	Title                string     `db:"title" json:"title"`
	Description          string     `db:"description" json:"description"`
	Address              string     `db:"address" json:"address"`
	Lat                  float64    `db:"lat" json:"lat"`
	Lng                  float64    `db:"lng" json:"lng"`
	Urgent               bool       `db:"urgent" json:"urgent"`
	PreferredStart       time.Time  `db:"preferred_start" json:"preferred_start"`
	Status               JobStatus  `db:"status" json:"status"`
	WarrantyPolicyRef    *string    `db:"warranty_policy_ref" json:"warranty_policy_ref,omitempty"`
	AcceptedQuoteID      *string    `db:"accepted_quote_id" json:"accepted_quote_id,omitempty"`
	AssignedTechnicianID *string    `db:"assigned_technician_id" json:"assigned_technician_id,omitempty"`
	CompletedAt          *time.Time `db:"completed_at" json:"completed_at,omitempty"`
	CreatedAt            time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt            time.Time  `db:"updated_at" json:"updated_at"`
}

// Cancellable reports whether the customer may still cancel the job.
func (j *Job) Cancellable() bool {
	switch j.Status {
	case JobOpen, JobQuoted, JobBooked, JobAssigned:
		return true
	}
	return false
}

// Quote is a technician's price for a job.
type Quote struct {
	ID           string    `db:"id" json:"id"`
	JobID        string    `db:"job_id" json:"job_id"`
	TechnicianID string    `db:"technician_id" json:"technician_id"`
	AmountCents  int64     `db:"amount_cents" json:"amount_cents"`
	DepositCents int64     `db:"deposit_cents" json:"deposit_cents"`
	Currency     string    `db:"currency" json:"currency"`
	Note         string    `db:"note" json:"note"`
	Status       string    `db:"status" json:"status"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
}

// Quote statuses.
const (
	QuotePending  = "pending"
	QuoteAccepted = "accepted"
	QuoteDeclined = "declined"
)

// Customer is a homeowner or tenant.
type Customer struct {
	ID                   string    `db:"id"`
	Name                 string    `db:"name"`
	Phone                string    `db:"phone"`
	Email                string    `db:"email"`
	StripeCustomerID     *string   `db:"stripe_customer_id"`
	DefaultPaymentMethod *string   `db:"default_payment_method"`
	CreditCents          int64     `db:"credit_cents"`
	CreatedAt            time.Time `db:"created_at"`
}

// Technician is a tradesperson on the platform.
type Technician struct {
	ID              string    `db:"id"`
	Name            string    `db:"name"`
	Phone           string    `db:"phone"`
	Trade           string    `db:"trade"`
	StripeAccountID *string   `db:"stripe_account_id"`
	OpenSlots       int       `db:"open_slots"`
	OnCall          bool      `db:"on_call"`
	RatingSum       int       `db:"rating_sum"`
	RatingCount     int       `db:"rating_count"`
	HomeLat         float64   `db:"home_lat"`
	HomeLng         float64   `db:"home_lng"`
	ServiceRadiusKM float64   `db:"service_radius_km"`
	CreatedAt       time.Time `db:"created_at"`
}

// Appointment is the scheduled visit window for an assigned job.
type Appointment struct {
	JobID          string     `db:"job_id" json:"job_id"`
	TechnicianID   string     `db:"technician_id" json:"technician_id"`
	StartsAt       time.Time  `db:"starts_at" json:"starts_at"`
	EndsAt         time.Time  `db:"ends_at" json:"ends_at"`
	ReminderSentAt *time.Time `db:"reminder_sent_at" json:"reminder_sent_at,omitempty"`
	Version        int        `db:"version" json:"version"`
}

// AppointmentChange records a reschedule.
type AppointmentChange struct {
	ID          string    `db:"id" json:"id"`
	JobID       string    `db:"job_id" json:"job_id"`
	OldStartsAt time.Time `db:"old_starts_at" json:"old_starts_at"`
	NewStartsAt time.Time `db:"new_starts_at" json:"new_starts_at"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

// JobMessage is a message relayed between customer and technician.
type JobMessage struct {
	ID             string    `db:"id" json:"id"`
	JobID          string    `db:"job_id" json:"job_id"`
	Sender         string    `db:"sender" json:"sender"`
	Body           string    `db:"body" json:"body"`
	RelayMessageID *string   `db:"relay_message_id" json:"relay_message_id,omitempty"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// JobStatusEvent is a status change reported by the technician app.
type JobStatusEvent struct {
	EventID      string    `db:"event_id"`
	JobID        string    `db:"job_id"`
	Status       string    `db:"status"`
	TechnicianID *string   `db:"technician_id"`
	OccurredAt   time.Time `db:"occurred_at"`
}

// Review is the customer's rating of a completed job.
type Review struct {
	JobID     string    `db:"job_id" json:"job_id"`
	Rating    int       `db:"rating" json:"rating"`
	Comment   string    `db:"comment" json:"comment"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}
