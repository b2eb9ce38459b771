// Package domain holds the persistent models and the small amount of
// business arithmetic shared by the services.
package domain

import (
	"time"

	"github.com/uptrace/bun"
)

type BookingStatus string

const (
	BookingRequested BookingStatus = "requested"
	BookingAssigned  BookingStatus = "assigned"
	BookingConfirmed BookingStatus = "confirmed"
	BookingCompleted BookingStatus = "completed"
	BookingCancelled BookingStatus = "cancelled"
)

type Firm struct {
	bun.BaseModel `bun:"table:firms"`

	ID                   string    `bun:"id,pk"`
	Name                 string    `bun:"name"`
	BillingEmail         string    `bun:"billing_email"`
	SMSContact           string    `bun:"sms_contact,nullzero"`
	StripeCustomerID     string    `bun:"stripe_customer_id,nullzero"`
	DefaultPaymentMethod string    `bun:"default_payment_method,nullzero"`
	Autocharge           bool      `bun:"autocharge"`
	CreatedAt            time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type Attorney struct {
	bun.BaseModel `bun:"table:attorneys"`

	ID     string `bun:"id,pk"`
	FirmID string `bun:"firm_id"`
	Name   string `bun:"name"`
	Email  string `bun:"email"`
}

type Reporter struct {
	bun.BaseModel `bun:"table:reporters,alias:r"`

	ID           string `bun:"id,pk"`
	Name         string `bun:"name"`
	Phone        string `bun:"phone"`
	Email        string `bun:"email"`
	PerPageCents int64  `bun:"per_page_cents"`
	YTDPaidCents int64  `bun:"ytd_paid_cents"`
	Region       string `bun:"region"`
	Active       bool   `bun:"active"`
}

type Booking struct {
	bun.BaseModel `bun:"table:bookings"`

	ID                 string        `bun:"id,pk" json:"id"`
	FirmID             string        `bun:"firm_id" json:"firm_id"`
	AttorneyID         string        `bun:"attorney_id,nullzero" json:"attorney_id,omitempty"`
	CaseCaption        string        `bun:"case_caption" json:"case_caption"`
	Deponent           string        `bun:"deponent" json:"deponent"`
	Location           string        `bun:"location" json:"location"`
	Region             string        `bun:"region" json:"region"`
	StartsAt           time.Time     `bun:"starts_at" json:"starts_at"`
	ExpectedHours      int           `bun:"expected_hours" json:"expected_hours"`
	Status             BookingStatus `bun:"status" json:"status"`
	Rush               bool          `bun:"rush" json:"rush"`
	RushTurnaroundDays int           `bun:"rush_turnaround_days,nullzero" json:"rush_turnaround_days,omitempty"`
	PortalMatterID     string        `bun:"portal_matter_id,nullzero" json:"-"`
	ConfirmationSentAt *time.Time    `bun:"confirmation_sent_at" json:"-"`
	CreatedAt          time.Time     `bun:"created_at,nullzero,default:current_timestamp" json:"created_at"`
	UpdatedAt          time.Time     `bun:"updated_at,nullzero,default:current_timestamp" json:"-"`
}

type IdempotencyKey struct {
	bun.BaseModel `bun:"table:idempotency_keys"`

	FirmID      string    `bun:"firm_id,pk"`
	Key         string    `bun:"key,pk"`
	RequestHash string    `bun:"request_hash"`
	BookingID   string    `bun:"booking_id,nullzero"`
	CreatedAt   time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type AssignmentStatus string

const (
	AssignmentOffered  AssignmentStatus = "offered"
	AssignmentAccepted AssignmentStatus = "accepted"
	AssignmentDeclined AssignmentStatus = "declined"
)

type Assignment struct {
	bun.BaseModel `bun:"table:assignments"`

	ID         string           `bun:"id,pk" json:"id"`
	BookingID  string           `bun:"booking_id" json:"booking_id"`
	ReporterID string           `bun:"reporter_id" json:"reporter_id"`
	Status     AssignmentStatus `bun:"status" json:"status"`
	OfferedAt  time.Time        `bun:"offered_at,nullzero,default:current_timestamp" json:"offered_at"`
	AcceptedAt *time.Time       `bun:"accepted_at" json:"accepted_at,omitempty"`
}

type TranscriptStatus string

const (
	TranscriptInProgress TranscriptStatus = "in_progress"
	TranscriptSubmitted  TranscriptStatus = "submitted"
	TranscriptDelivering TranscriptStatus = "delivering"
	TranscriptDelivered  TranscriptStatus = "delivered"
	TranscriptFailed     TranscriptStatus = "delivery_failed"
)

type Transcript struct {
	bun.BaseModel `bun:"table:transcripts"`

	ID          string           `bun:"id,pk" json:"id"`
	BookingID   string           `bun:"booking_id" json:"booking_id"`
	ReporterID  string           `bun:"reporter_id" json:"-"`
	Status      TranscriptStatus `bun:"status" json:"status"`
	Pages       int              `bun:"pages" json:"pages"`
	Version     int              `bun:"version" json:"version"`
	FileKey     string           `bun:"file_key,nullzero" json:"-"`
	SubmittedAt *time.Time       `bun:"submitted_at" json:"submitted_at,omitempty"`
	DeliveredAt *time.Time       `bun:"delivered_at" json:"delivered_at,omitempty"`
}

type TranscriptDelivery struct {
	bun.BaseModel `bun:"table:transcript_deliveries"`

	TranscriptID     string    `bun:"transcript_id,pk"`
	Version          int       `bun:"version,pk"`
	PortalDeliveryID string    `bun:"portal_delivery_id"`
	Attempts         int       `bun:"attempts"`
	DeliveredAt      time.Time `bun:"delivered_at,nullzero,default:current_timestamp"`
}

type DeliveryReceipt struct {
	bun.BaseModel `bun:"table:delivery_receipts"`

	PortalDeliveryID string    `bun:"portal_delivery_id,pk"`
	TranscriptID     string    `bun:"transcript_id"`
	ReceivedBy       string    `bun:"received_by"`
	ReceivedAt       time.Time `bun:"received_at"`
}

type PortalShare struct {
	bun.BaseModel `bun:"table:portal_shares"`

	MatterID      string    `bun:"matter_id,pk"`
	AttorneyEmail string    `bun:"attorney_email,pk"`
	ShareID       string    `bun:"share_id"`
	GrantedAt     time.Time `bun:"granted_at,nullzero,default:current_timestamp"`
}

type BookingCharge struct {
	bun.BaseModel `bun:"table:booking_charges"`

	ID          string    `bun:"id,pk"`
	BookingID   string    `bun:"booking_id"`
	Kind        string    `bun:"kind"`
	Description string    `bun:"description"`
	AmountCents int64     `bun:"amount_cents"`
	CreatedAt   time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type CopyOrder struct {
	bun.BaseModel `bun:"table:copy_orders"`

	ID          string    `bun:"id,pk" json:"id"`
	BookingID   string    `bun:"booking_id" json:"booking_id"`
	AttorneyID  string    `bun:"attorney_id,nullzero" json:"attorney_id,omitempty"`
	Copies      int       `bun:"copies" json:"copies"`
	Format      string    `bun:"format" json:"format"`
	Pages       int       `bun:"pages" json:"pages"`
	AmountCents int64     `bun:"amount_cents" json:"amount_cents"`
	CreatedAt   time.Time `bun:"created_at,nullzero,default:current_timestamp" json:"created_at"`
}

type InvoiceStatus string

const (
	InvoiceOpen InvoiceStatus = "open"
	InvoicePaid InvoiceStatus = "paid"
	InvoiceVoid InvoiceStatus = "void"
)

type Invoice struct {
	bun.BaseModel `bun:"table:invoices,alias:inv"`

	ID          string        `bun:"id,pk"`
	BookingID   string        `bun:"booking_id"`
	FirmID      string        `bun:"firm_id"`
	Number      string        `bun:"number"`
	Status      InvoiceStatus `bun:"status"`
	TotalCents  int64         `bun:"total_cents"`
	PaidCents   int64         `bun:"paid_cents"`
	ChargeCycle int           `bun:"charge_cycle"`
	IssuedAt    time.Time     `bun:"issued_at,nullzero,default:current_timestamp"`
	DueAt       time.Time     `bun:"due_at"`
	PaidAt      *time.Time    `bun:"paid_at"`
}

// Balance is what is still owed on the invoice.
func (i *Invoice) Balance() int64 { return i.TotalCents - i.PaidCents }

type Payment struct {
	bun.BaseModel `bun:"table:payments"`

	ID                    string     `bun:"id,pk"`
	InvoiceID             string     `bun:"invoice_id"`
	StripePaymentIntentID string     `bun:"stripe_payment_intent_id"`
	AmountCents           int64      `bun:"amount_cents"`
	Status                string     `bun:"status"`
	Source                string     `bun:"source"`
	RefundedAt            *time.Time `bun:"refunded_at"`
	CreatedAt             time.Time  `bun:"created_at,nullzero,default:current_timestamp"`
}

type ChargeAttempt struct {
	bun.BaseModel `bun:"table:charge_attempts"`

	ID          string    `bun:"id,pk"`
	InvoiceID   string    `bun:"invoice_id"`
	ChargeCycle int       `bun:"charge_cycle"`
	Outcome     string    `bun:"outcome"`
	Detail      string    `bun:"detail,nullzero"`
	AttemptedAt time.Time `bun:"attempted_at,nullzero,default:current_timestamp"`
}

type StripeEvent struct {
	bun.BaseModel `bun:"table:stripe_events"`

	EventID     string    `bun:"event_id,pk"`
	Type        string    `bun:"type"`
	ProcessedAt time.Time `bun:"processed_at,nullzero,default:current_timestamp"`
}

type PayoutLine struct {
	bun.BaseModel `bun:"table:payout_lines"`

	ID           string    `bun:"id,pk"`
	ReporterID   string    `bun:"reporter_id"`
	TranscriptID string    `bun:"transcript_id"`
	Pages        int       `bun:"pages"`
	RateCents    int64     `bun:"rate_cents"`
	AmountCents  int64     `bun:"amount_cents"`
	Period       string    `bun:"period"`
	CreatedAt    time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type PayoutStatement struct {
	bun.BaseModel `bun:"table:payout_statements"`

	ID         string    `bun:"id,pk"`
	ReporterID string    `bun:"reporter_id"`
	Period     string    `bun:"period"`
	Pages      int       `bun:"pages"`
	TotalCents int64     `bun:"total_cents"`
	CreatedAt  time.Time `bun:"created_at,nullzero,default:current_timestamp"`
}

type JobRun struct {
	bun.BaseModel `bun:"table:job_runs"`

	Name        string    `bun:"name,pk"`
	RunKey      string    `bun:"run_key,pk"`
	CompletedAt time.Time `bun:"completed_at,nullzero,default:current_timestamp"`
}

type AlertAttempt struct {
	bun.BaseModel `bun:"table:alert_attempts"`

	ID                string    `bun:"id,pk"`
	BookingID         string    `bun:"booking_id"`
	Phone             string    `bun:"phone"`
	Kind              string    `bun:"kind"`
	Status            string    `bun:"status"`
	ProviderMessageID string    `bun:"provider_message_id,nullzero"`
	Error             string    `bun:"error,nullzero"`
	AttemptedAt       time.Time `bun:"attempted_at,nullzero,default:current_timestamp"`
}

type InboundSMS struct {
	bun.BaseModel `bun:"table:inbound_sms"`

	ProviderMessageID string    `bun:"provider_message_id,pk"`
	FromPhone         string    `bun:"from_phone"`
	Body              string    `bun:"body"`
	AssignmentID      string    `bun:"assignment_id,nullzero"`
	ReceivedAt        time.Time `bun:"received_at,nullzero,default:current_timestamp"`
}
