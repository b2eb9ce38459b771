// Package domain holds the plain data types shared by services and
// repositories. Struct tags name the columns the repositories select.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrNotActive       = errors.New("assignment is not active")
	ErrNoBankAccount   = errors.New("subcontractor has no bank recipient on file")
	ErrInvalidArgument = errors.New("invalid argument")
)

type StormStatus string

const (
	StormActive StormStatus = "active"
	StormEnded  StormStatus = "ended"
)

type Storm struct {
	ID           uuid.UUID   `db:"id"`
	CityStormRef string      `db:"city_storm_ref"`
	Severity     string      `db:"severity"`
	Status       StormStatus `db:"status"`
	DeclaredAt   time.Time   `db:"declared_at"`
	EndedAt      *time.Time  `db:"ended_at"`
	CreatedAt    time.Time   `db:"created_at"`
}

type Route struct {
	ID            uuid.UUID `db:"id"`
	CityRouteCode string    `db:"city_route_code"`
	Name          string    `db:"name"`
	LengthM       int       `db:"length_m"`
	Priority      int       `db:"priority"`
	UpdatedAt     time.Time `db:"updated_at"`
}

type AssignmentStatus string

const (
	AssignmentAssigned   AssignmentStatus = "assigned"
	AssignmentInProgress AssignmentStatus = "in_progress"
	AssignmentCleared    AssignmentStatus = "cleared"
	AssignmentReleased   AssignmentStatus = "released"
)

type Assignment struct {
	ID               uuid.UUID        `db:"id"`
	CityAssignmentID string           `db:"city_assignment_id"`
	Revision         int              `db:"revision"`
	StormID          uuid.UUID        `db:"storm_id"`
	RouteID          uuid.UUID        `db:"route_id"`
	SubcontractorID  uuid.UUID        `db:"subcontractor_id"`
	TruckID          string           `db:"truck_id"`
	Status           AssignmentStatus `db:"status"`
	CoveredM         int              `db:"covered_m"`
	PassCount        int              `db:"pass_count"`
	SaltKg           int64            `db:"salt_kg"`
	AssignedAt       time.Time        `db:"assigned_at"`
	ClearedAt        *time.Time       `db:"cleared_at"`
	EndedAt          *time.Time       `db:"ended_at"`
}

// Coverage is the running tally returned after a pass is applied.
type Coverage struct {
	AssignmentID    uuid.UUID        `db:"id"`
	Status          AssignmentStatus `db:"status"`
	CoveredM        int              `db:"covered_m"`
	RouteLengthM    int              `db:"length_m"`
	SubcontractorID uuid.UUID        `db:"subcontractor_id"`
	CityRouteCode   string           `db:"city_route_code"`
}

type Subcontractor struct {
	ID                uuid.UUID `db:"id"`
	LegalName         string    `db:"legal_name"`
	TaxID             string    `db:"tax_id"`
	Phone             string    `db:"phone"`
	RatePerRouteCents int64     `db:"rate_per_route_cents"`
	BankRecipientID   *string   `db:"bank_recipient_id"`
	CreatedAt         time.Time `db:"created_at"`
	UpdatedAt         time.Time `db:"updated_at"`
}

type Truck struct {
	ID              string    `db:"id"`
	SubcontractorID uuid.UUID `db:"subcontractor_id"`
	YardID          string    `db:"yard_id"`
	Plate           string    `db:"plate"`
}

type SaltDelivery struct {
	ID             uuid.UUID `db:"id"`
	YardID         string    `db:"yard_id"`
	SupplierTicket string    `db:"supplier_ticket"`
	Kg             int64     `db:"kg"`
	ReceivedAt     time.Time `db:"received_at"`
	ReceivedBy     string    `db:"received_by"`
}

type SaltOrder struct {
	ID              uuid.UUID `db:"id"`
	YardID          string    `db:"yard_id"`
	SupplierOrderID string    `db:"supplier_order_id"`
	Kg              int64     `db:"kg"`
	Status          string    `db:"status"`
	PlacedAt        time.Time `db:"placed_at"`
}

type SaltSnapshot struct {
	YardID       string    `db:"yard_id"`
	SnapshotDate time.Time `db:"snapshot_date"`
	OnHandKg     int64     `db:"on_hand_kg"`
	DrawnKg      int64     `db:"drawn_kg"`
	DeliveredKg  int64     `db:"delivered_kg"`
}

type ManualPass struct {
	ID           uuid.UUID `db:"id"`
	AssignmentID uuid.UUID `db:"assignment_id"`
	LengthM      int       `db:"length_m"`
	SaltKg       int64     `db:"salt_kg"`
	RecordedBy   string    `db:"recorded_by"`
}

type PayoutStatus string

const (
	PayoutQueued PayoutStatus = "queued"
	PayoutSent   PayoutStatus = "sent"
	PayoutPaid   PayoutStatus = "paid"
	PayoutFailed PayoutStatus = "failed"
)

type Payout struct {
	ID               uuid.UUID    `db:"id"`
	AssignmentID     uuid.UUID    `db:"assignment_id"`
	SubcontractorID  uuid.UUID    `db:"subcontractor_id"`
	AmountCents      int64        `db:"amount_cents"`
	Currency         string       `db:"currency"`
	Status           PayoutStatus `db:"status"`
	ProviderPayoutID *string      `db:"provider_payout_id"`
	FailureReason    *string      `db:"failure_reason"`
	RequeueCount     int          `db:"requeue_count"`
	CreatedAt        time.Time    `db:"created_at"`
	UpdatedAt        time.Time    `db:"updated_at"`
}

type LedgerEntry struct {
	ID              uuid.UUID `db:"id"`
	SubcontractorID uuid.UUID `db:"subcontractor_id"`
	Kind            string    `db:"kind"`
	AmountCents     int64     `db:"amount_cents"`
	Memo            string    `db:"memo"`
	CreatedBy       string    `db:"created_by"`
	CreatedAt       time.Time `db:"created_at"`
}

type Invoice struct {
	ID            uuid.UUID  `db:"id"`
	StormID       uuid.UUID  `db:"storm_id"`
	InvoiceNumber string     `db:"invoice_number"`
	TotalCents    int64      `db:"total_cents"`
	Status        string     `db:"status"`
	CityInvoiceID *string    `db:"city_invoice_id"`
	SubmittedAt   *time.Time `db:"submitted_at"`
	CreatedAt     time.Time  `db:"created_at"`
}

type InvoiceLine struct {
	InvoiceID    uuid.UUID `db:"invoice_id"`
	AssignmentID uuid.UUID `db:"assignment_id"`
	RouteCode    string    `db:"route_code"`
	AmountCents  int64     `db:"amount_cents"`
	SaltKg       int64     `db:"salt_kg"`
}

type OutboxMessage struct {
	ID      uuid.UUID `db:"id"`
	Subject string    `db:"subject"`
	Payload []byte    `db:"payload"`
}

type Notification struct {
	ID     uuid.UUID  `db:"id"`
	Phone  string     `db:"phone"`
	Body   string     `db:"body"`
	Ref    string     `db:"ref"`
	SentAt *time.Time `db:"sent_at"`
}
