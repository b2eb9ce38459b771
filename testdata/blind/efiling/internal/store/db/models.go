package db

import (
	"time"

	"github.com/google/uuid"
)

type Firm struct {
	ID                   uuid.UUID
	Name                 string
	StripeCustomerID     string
	DefaultPaymentMethod *string
	CreatedAt            time.Time
}

type Attorney struct {
	ID        uuid.UUID
	FirmID    uuid.UUID
	FullName  string
	Email     string
	Phone     *string
	BarNumber string
	CreatedAt time.Time
}

type Matter struct {
	ID         uuid.UUID
	FirmID     uuid.UUID
	CourtCode  string
	CaseNumber *string
	Title      string
	CreatedAt  time.Time
}

type ServiceContact struct {
	ID       uuid.UUID
	MatterID uuid.UUID
	Name     string
	Email    string
}

type Filing struct {
	ID              uuid.UUID
	FirmID          uuid.UUID
	MatterID        uuid.UUID
	AttorneyID      uuid.UUID
	CourtCode       string
	FilingCode      string
	Description     string
	Status          string
	CourtFeeCents   int64
	ServiceFeeCents int64
	EnvelopeID      *string
	CaseNumber      *string
	RejectionReason *string
	SubmittedAt     *time.Time
	DecidedAt       *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// TotalFeeCents is what the attorney is charged for the filing.
func (f Filing) TotalFeeCents() int64 { return f.CourtFeeCents + f.ServiceFeeCents }

type FilingDocument struct {
	ID         uuid.UUID
	FilingID   uuid.UUID
	Position   int32
	Title      string
	StorageKey string
	SHA256     string
	PageCount  int32
	Lead       bool
	CreatedAt  time.Time
}

type IdempotencyKey struct {
	FirmID      uuid.UUID
	Key         string
	RequestHash string
	ResourceID  *uuid.UUID
	CreatedAt   time.Time
}

// APIResponse is a stored HTTP response replayed for a repeated
// Idempotency-Key. It is read and written through the generic repo.
type APIResponse struct {
	Scope      string    `db:"scope,pk"`
	Key        string    `db:"key,pk"`
	StatusCode int       `db:"status_code"`
	Body       []byte    `db:"body"`
	CreatedAt  time.Time `db:"created_at,default"`
}

func (APIResponse) TableName() string { return "api_responses" }

type AuditEvent struct {
	ID        uuid.UUID  `db:"id,pk"`
	FirmID    *uuid.UUID `db:"firm_id"`
	Actor     string     `db:"actor"`
	Action    string     `db:"action"`
	SubjectID string     `db:"subject_id"`
	Detail    []byte     `db:"detail"`
	CreatedAt time.Time  `db:"created_at,default"`
}

func (AuditEvent) TableName() string { return "audit_events" }

type Payment struct {
	ID              uuid.UUID
	FilingID        uuid.UUID
	FirmID          uuid.UUID
	Kind            string
	PaymentIntentID string
	AmountCents     int64
	CapturedCents   int64
	RefundedCents   int64
	Status          string
	ReconciledAt    *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

type FeeAdjustment struct {
	ID              uuid.UUID
	FilingID        uuid.UUID
	LedgerRef       string
	DeltaCents      int64
	Status          string
	PaymentIntentID *string
	CreatedAt       time.Time
}

type ServiceRequest struct {
	ID            uuid.UUID  `db:"id,pk"`
	FilingID      uuid.UUID  `db:"filing_id"`
	FirmID        uuid.UUID  `db:"firm_id"`
	PartyName     string     `db:"party_name"`
	AddressLine1  string     `db:"address_line1"`
	AddressLine2  string     `db:"address_line2"`
	City          string     `db:"city"`
	Region        string     `db:"region"`
	PostalCode    string     `db:"postal_code"`
	Instructions  string     `db:"instructions"`
	Rush          bool       `db:"rush"`
	Status        string     `db:"status"`
	BookingID     *string    `db:"booking_id"`
	ServedAt      *time.Time `db:"served_at"`
	ServedTo      *string    `db:"served_to"`
	AffidavitURL  *string    `db:"affidavit_url"`
	FailureReason *string    `db:"failure_reason"`
	CreatedAt     time.Time  `db:"created_at,default"`
	UpdatedAt     time.Time  `db:"updated_at,default"`
}

func (ServiceRequest) TableName() string { return "service_requests" }

type ServiceAttempt struct {
	ID               uuid.UUID `db:"id,pk"`
	ServiceRequestID uuid.UUID `db:"service_request_id"`
	ProviderEventID  string    `db:"provider_event_id"`
	AttemptedAt      time.Time `db:"attempted_at"`
	Outcome          string    `db:"outcome"`
	Notes            string    `db:"notes"`
	CreatedAt        time.Time `db:"created_at,default"`
}

func (ServiceAttempt) TableName() string { return "service_attempts" }

type DocketEntry struct {
	ID          uuid.UUID
	CourtCode   string
	CaseNumber  string
	Sequence    int32
	Description string
	EnteredAt   time.Time
	CreatedAt   time.Time
}

type DocketSubscription struct {
	ID         uuid.UUID `db:"id,pk"`
	MatterID   uuid.UUID `db:"matter_id"`
	AttorneyID uuid.UUID `db:"attorney_id"`
	Channel    string    `db:"channel"`
	CreatedAt  time.Time `db:"created_at,default"`
}

func (DocketSubscription) TableName() string { return "docket_subscriptions" }

type Notification struct {
	ID                uuid.UUID
	AttorneyID        uuid.UUID
	Channel           string
	Template          string
	Recipient         string
	Subject           string
	Body              string
	DocketEntryID     *uuid.UUID
	Status            string
	ProviderMessageID *string
	SentAt            *time.Time
	CreatedAt         time.Time
}
