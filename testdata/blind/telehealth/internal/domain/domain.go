// Package domain holds the types shared by services, repositories and APIs.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Sentinel errors mapped to transport codes by the API layers.
var (
	ErrNotFound        = errors.New("not found")
	ErrSlotTaken       = errors.New("slot already taken")
	ErrInvalidState    = errors.New("invalid state for operation")
	ErrInvalidArgument = errors.New("invalid argument")
	ErrConflict        = errors.New("request conflicts with an earlier request using the same key")
	ErrPaymentFailed   = errors.New("payment failed")
	ErrUnauthenticated = errors.New("unauthenticated")
)

// Appointment statuses.
const (
	StatusBooked         = "booked"
	StatusInProgress     = "in_progress"
	StatusCompleted      = "completed"
	StatusCancelled      = "cancelled"
	StatusProviderNoShow = "provider_no_show"
	StatusPatientNoShow  = "patient_no_show"
)

// Copay statuses mirror the subset of PaymentIntent states we track.
const (
	CopayPending    = "pending"
	CopaySucceeded  = "succeeded"
	CopayProcessing = "processing"
	CopayFailed     = "failed"
	CopayRefunded   = "refunded"
	CopayWaived     = "waived"
)

// Prescription statuses.
const (
	RxDraft     = "draft"
	RxSubmitted = "submitted"
	RxAccepted  = "accepted"
	RxRejected  = "rejected"
	RxFilled    = "filled"
	RxCancelled = "cancelled"
)

type Patient struct {
	ID                   uuid.UUID `db:"id" json:"id"`
	FullName             string    `db:"full_name" json:"full_name"`
	Email                string    `db:"email" json:"email"`
	PhoneE164            *string   `db:"phone_e164" json:"phone_e164,omitempty"`
	StripeCustomerID     *string   `db:"stripe_customer_id" json:"-"`
	DefaultPaymentMethod *string   `db:"default_payment_method" json:"-"`
	SMSOptIn             bool      `db:"sms_opt_in" json:"sms_opt_in"`
	CreatedAt            time.Time `db:"created_at" json:"created_at"`
}

type Clinician struct {
	ID             uuid.UUID `db:"id" json:"id"`
	FullName       string    `db:"full_name" json:"full_name"`
	NPI            string    `db:"npi" json:"npi"`
	DEANumber      *string   `db:"dea_number" json:"-"`
	VisitRateCents int64     `db:"visit_rate_cents" json:"-"`
	Timezone       string    `db:"timezone" json:"timezone"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

type Appointment struct {
	ID               uuid.UUID  `db:"id" json:"id"`
	PatientID        uuid.UUID  `db:"patient_id" json:"patient_id"`
	ClinicianID      uuid.UUID  `db:"clinician_id" json:"clinician_id"`
	SlotStart        time.Time  `db:"slot_start" json:"slot_start"`
	SlotMinutes      int        `db:"slot_minutes" json:"slot_minutes"`
	Status           string     `db:"status" json:"status"`
	Reason           string     `db:"reason" json:"reason"`
	PayerID          *string    `db:"payer_id" json:"payer_id,omitempty"`
	MemberID         *string    `db:"member_id" json:"member_id,omitempty"`
	VideoRoomID      *string    `db:"video_room_id" json:"video_room_id,omitempty"`
	VideoJoinURL     *string    `db:"video_join_url" json:"video_join_url,omitempty"`
	ProviderJoinedAt *time.Time `db:"provider_joined_at" json:"provider_joined_at,omitempty"`
	StartedAt        *time.Time `db:"started_at" json:"started_at,omitempty"`
	CompletedAt      *time.Time `db:"completed_at" json:"completed_at,omitempty"`
	CancelledAt      *time.Time `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CancelReason     *string    `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CreatedAt        time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time  `db:"updated_at" json:"updated_at"`
}

// Live reports whether the appointment still holds its slot.
func (a *Appointment) Live() bool {
	return a.Status == StatusBooked || a.Status == StatusInProgress
}

type Copay struct {
	ID                    uuid.UUID `db:"id" json:"id"`
	AppointmentID         uuid.UUID `db:"appointment_id" json:"appointment_id"`
	PatientID             uuid.UUID `db:"patient_id" json:"patient_id"`
	AmountCents           int64     `db:"amount_cents" json:"amount_cents"`
	Currency              string    `db:"currency" json:"currency"`
	Status                string    `db:"status" json:"status"`
	IdempotencyKey        string    `db:"idempotency_key" json:"-"`
	StripePaymentIntentID *string   `db:"stripe_payment_intent_id" json:"stripe_payment_intent_id,omitempty"`
	FailureCode           *string   `db:"failure_code" json:"failure_code,omitempty"`
	Attempts              int       `db:"attempts" json:"attempts"`
	CreatedAt             time.Time `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time `db:"updated_at" json:"updated_at"`
}

type CopayRefund struct {
	ID             uuid.UUID `db:"id" json:"id"`
	CopayID        uuid.UUID `db:"copay_id" json:"copay_id"`
	Reason         string    `db:"reason" json:"reason"`
	AmountCents    int64     `db:"amount_cents" json:"amount_cents"`
	IdempotencyKey string    `db:"idempotency_key" json:"-"`
	Status         string    `db:"status" json:"status"`
	StripeRefundID *string   `db:"stripe_refund_id" json:"stripe_refund_id,omitempty"`
	RequestedBy    string    `db:"requested_by" json:"requested_by"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

type WalletEntry struct {
	ID          string    `db:"id" json:"id"`
	PatientID   uuid.UUID `db:"patient_id" json:"patient_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Reason      string    `db:"reason" json:"reason"`
	Reference   *string   `db:"reference" json:"reference,omitempty"`
	CreatedBy   string    `db:"created_by" json:"created_by"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type EligibilityResult struct {
	PatientID   uuid.UUID `db:"patient_id" json:"patient_id"`
	PayerID     string    `db:"payer_id" json:"payer_id"`
	ServiceDate time.Time `db:"service_date" json:"service_date"`
	MemberID    string    `db:"member_id" json:"member_id"`
	Active      bool      `db:"active" json:"active"`
	CopayCents  *int64    `db:"copay_cents" json:"copay_cents,omitempty"`
	PlanName    *string   `db:"plan_name" json:"plan_name,omitempty"`
	TraceNumber *string   `db:"trace_number" json:"trace_number,omitempty"`
	RawResponse []byte    `db:"raw_response" json:"-"`
	CheckedAt   time.Time `db:"checked_at" json:"checked_at"`
}

type Prescription struct {
	ID             uuid.UUID  `db:"id" json:"id"`
	AppointmentID  uuid.UUID  `db:"appointment_id" json:"appointment_id"`
	LineNo         int        `db:"line_no" json:"line_no"`
	PrescriberID   uuid.UUID  `db:"prescriber_id" json:"prescriber_id"`
	PatientID      uuid.UUID  `db:"patient_id" json:"patient_id"`
	NDC            string     `db:"ndc" json:"ndc"`
	DrugName       string     `db:"drug_name" json:"drug_name"`
	Sig            string     `db:"sig" json:"sig"`
	Quantity       int        `db:"quantity" json:"quantity"`
	Refills        int        `db:"refills" json:"refills"`
	PharmacyNCPDP  string     `db:"pharmacy_ncpdp" json:"pharmacy_ncpdp"`
	Status         string     `db:"status" json:"status"`
	PartnerOrderID *string    `db:"partner_order_id" json:"partner_order_id,omitempty"`
	SubmittedAt    *time.Time `db:"submitted_at" json:"submitted_at,omitempty"`
	CancelledAt    *time.Time `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time  `db:"updated_at" json:"updated_at"`
}

type PrescriptionRenewal struct {
	ID               uuid.UUID `db:"id" json:"id"`
	PrescriptionID   uuid.UUID `db:"prescription_id" json:"prescription_id"`
	Seq              int       `db:"seq" json:"seq"`
	Quantity         int       `db:"quantity" json:"quantity"`
	Status           string    `db:"status" json:"status"`
	PartnerRenewalID *string   `db:"partner_renewal_id" json:"partner_renewal_id,omitempty"`
	RequestedBy      uuid.UUID `db:"requested_by" json:"requested_by"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

type VisitNote struct {
	ID            uuid.UUID  `db:"id" json:"id"`
	AppointmentID uuid.UUID  `db:"appointment_id" json:"appointment_id"`
	AuthorID      uuid.UUID  `db:"author_id" json:"author_id"`
	Subjective    string     `db:"subjective" json:"subjective"`
	Objective     string     `db:"objective" json:"objective"`
	Assessment    string     `db:"assessment" json:"assessment"`
	Plan          string     `db:"plan" json:"plan"`
	SignedAt      *time.Time `db:"signed_at" json:"signed_at,omitempty"`
	SignedBy      *uuid.UUID `db:"signed_by" json:"signed_by,omitempty"`
	UpdatedAt     time.Time  `db:"updated_at" json:"updated_at"`
}

type NoteAddendum struct {
	ID        string    `db:"id" json:"id"`
	NoteID    uuid.UUID `db:"note_id" json:"note_id"`
	AuthorID  uuid.UUID `db:"author_id" json:"author_id"`
	Body      string    `db:"body" json:"body"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}

type CareMessage struct {
	ID            string    `db:"id" json:"id"`
	AppointmentID uuid.UUID `db:"appointment_id" json:"appointment_id"`
	SenderID      uuid.UUID `db:"sender_id" json:"sender_id"`
	SenderRole    string    `db:"sender_role" json:"sender_role"`
	Body          string    `db:"body" json:"body"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

type Notification struct {
	ID                uuid.UUID  `db:"id"`
	AppointmentID     uuid.UUID  `db:"appointment_id"`
	Channel           string     `db:"channel"`
	Template          string     `db:"template"`
	Status            string     `db:"status"`
	ProviderMessageID *string    `db:"provider_message_id"`
	SentAt            *time.Time `db:"sent_at"`
	CreatedAt         time.Time  `db:"created_at"`
}

// OutboxEvent is written in the same transaction as the state change it
// announces and relayed to the job queue by the reminder worker.
type OutboxEvent struct {
	ID          uuid.UUID  `db:"id"`
	AggregateID string     `db:"aggregate_id"`
	EventType   string     `db:"event_type"`
	Payload     []byte     `db:"payload"`
	CreatedAt   time.Time  `db:"created_at"`
	RelayedAt   *time.Time `db:"relayed_at"`
}
