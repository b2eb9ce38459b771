// Package permits holds the domain types shared by the API, the workers and
// the registry subscriber.
package permits

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// Kind is the type of permit an application is for.
type Kind string

const (
	KindBuilding Kind = "building"
	KindParking  Kind = "parking"
	KindEvent    Kind = "event"
)

// Valid reports whether k is a known permit kind.
func (k Kind) Valid() bool {
	switch k {
	case KindBuilding, KindParking, KindEvent:
		return true
	}
	return false
}

// Status is the lifecycle state of an application.
type Status string

const (
	StatusDraft            Status = "draft"
	StatusAwaitingPayment  Status = "awaiting_payment"
	StatusUnderReview      Status = "under_review"
	StatusNeedsChanges     Status = "needs_changes"
	StatusApproved         Status = "approved"
	StatusRejected         Status = "rejected"
	StatusIssued           Status = "issued"
	StatusWithdrawn        Status = "withdrawn"
	StatusOnHold           Status = "on_hold"
	StatusRegistryRejected Status = "registry_rejected"
	StatusExpired          Status = "expired"
)

// Open reports whether the application is still being worked on.
func (s Status) Open() bool {
	switch s {
	case StatusDraft, StatusAwaitingPayment, StatusUnderReview, StatusNeedsChanges, StatusApproved:
		return true
	}
	return false
}

// Domain errors mapped to HTTP status codes by the API layer.
var (
	ErrNotFound     = errors.New("not found")
	ErrForbidden    = errors.New("forbidden")
	ErrInvalidState = errors.New("invalid state for this operation")
	ErrValidation   = errors.New("validation failed")
	ErrConflict     = errors.New("conflict")
)

// Resident is a person who applies for permits.
type Resident struct {
	ID         uuid.UUID
	FullName   string
	Email      string
	PhoneE164  string
	SMSOptIn   bool
	EmailOptIn bool
	Locale     string
	UpdatedAt  time.Time
}

// Application is a permit application.
type Application struct {
	ID                string
	ResidentID        uuid.UUID
	Kind              Kind
	Status            Status
	Title             string
	ParcelID          string
	ParcelOwner       string
	ContractorLicense string
	Details           json.RawMessage
	Revision          int
	FeeCents          int64
	SubmittedAt       *time.Time
	DecidedAt         *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// Comment is a note left on an application by a resident or staff member.
type Comment struct {
	ID            uuid.UUID
	ApplicationID string
	AuthorID      uuid.UUID
	AuthorRole    string
	Body          string
	CreatedAt     time.Time
}

// Amendment is a revision to an event permit application.
type Amendment struct {
	ID            string
	ApplicationID string
	Revision      int
	Changes       json.RawMessage
	RequestedBy   uuid.UUID
	CreatedAt     time.Time
}

// Decision is the outcome of staff review.
type Decision struct {
	ApplicationID string
	Decision      string
	Reason        string
	DecidedBy     uuid.UUID
	DecidedAt     time.Time
}

// FeePayment tracks the application fee for one application.
type FeePayment struct {
	ID              uuid.UUID
	ApplicationID   string
	AmountCents     int64
	Currency        string
	PaymentIntentID string
	Status          string
	PaidAt          *time.Time
	CreatedAt       time.Time
}

// Refund is a (possibly partial) refund of a fee payment.
type Refund struct {
	ID             uuid.UUID
	PaymentID      uuid.UUID
	RequestKey     string
	AmountCents    int64
	Reason         string
	RequestedBy    *uuid.UUID
	StripeRefundID string
	Status         string
	CreatedAt      time.Time
	CompletedAt    *time.Time
}

// LedgerEntry is a line in the fee ledger.
type LedgerEntry struct {
	ID              uuid.UUID
	ApplicationID   string
	ParkingPermitID string
	EntryKind       string
	AmountCents     int64
	SourceRef       string
	Memo            string
	CreatedAt       time.Time
}

// Document is a file attached to an application and sent for scanning.
type Document struct {
	ID            uuid.UUID
	ApplicationID string
	Filename      string
	ContentType   string
	SizeBytes     int64
	SHA256        string
	ScanID        string
	Status        string
	UploadedBy    uuid.UUID
	ScannedAt     *time.Time
	CreatedAt     time.Time
}

// Finding is one issue reported by the document scanner.
type Finding struct {
	ID         uuid.UUID
	DocumentID uuid.UUID
	Code       string
	Severity   string
	Page       *int
	Message    string
}

// Inspection is an on-site inspection booked with the partner.
type Inspection struct {
	ID               uuid.UUID
	ApplicationID    string
	Kind             string
	SlotStart        time.Time
	SlotMinutes      int
	PartnerBookingID string
	InspectorName    string
	Status           string
	Outcome          string
	RequestedBy      uuid.UUID
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// InspectionResult is a result recorded by staff after an inspection.
type InspectionResult struct {
	ID           uuid.UUID
	InspectionID uuid.UUID
	Outcome      string
	Notes        string
	Deficiencies json.RawMessage
	RecordedBy   uuid.UUID
	RecordedAt   time.Time
}

// Permit is an issued permit.
type Permit struct {
	ID            uuid.UUID
	ApplicationID string
	PermitNumber  string
	Kind          Kind
	Status        string
	ValidFrom     time.Time
	ValidUntil    time.Time
	IssuedAt      time.Time
}

// ParkingPermit is a residential parking permit that renews yearly.
type ParkingPermit struct {
	ID             string
	ResidentID     uuid.UUID
	Zone           string
	Plate          string
	Status         string
	ValidUntil     time.Time
	RenewalCount   int
	AnnualFeeCents int64
}

// ParkingRenewal is one paid renewal period of a parking permit.
type ParkingRenewal struct {
	ID              string
	ParkingPermitID string
	PeriodStart     time.Time
	AmountCents     int64
	PaymentIntentID string
	Status          string
	RequestedBy     uuid.UUID
	PaidAt          *time.Time
	AppliedAt       *time.Time
	CreatedAt       time.Time
}

// Notification is an outbound SMS or email.
type Notification struct {
	ID                uuid.UUID
	Ref               string
	ResidentID        uuid.UUID
	ApplicationID     string
	Channel           string
	Template          string
	Status            string
	ProviderMessageID string
	Attempts          int
	SentAt            *time.Time
}

// RenewalReminder records the yearly renewal reminder for a parking permit.
type RenewalReminder struct {
	ID              uuid.UUID
	ParkingPermitID string
	Cycle           time.Time
	Status          string
	SentAt          *time.Time
}
