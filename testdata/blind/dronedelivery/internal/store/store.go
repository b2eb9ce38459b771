// Package store defines the persistence boundary. Implementations live in
// store/postgres; services depend only on these interfaces.
package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

// Orders persists delivery orders.
type Orders interface {
	Insert(ctx context.Context, o *domain.Order) error
	// InsertImported inserts an order keyed by its integration event id and
	// reports whether a row was written.
	InsertImported(ctx context.Context, o *domain.Order) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Order, error)
	SetCharged(ctx context.Context, id uuid.UUID, chargeID string) error
	MarkInFlight(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	MarkDelivered(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	MarkFailed(ctx context.Context, id uuid.UUID) (bool, error)
	Cancel(ctx context.Context, id uuid.UUID) (bool, error)
	UpgradePriority(ctx context.Context, id uuid.UUID, p domain.Priority, addCents int64) (bool, error)
}

// FlightPlans persists plans filed with the airspace authority.
type FlightPlans interface {
	Insert(ctx context.Context, p *domain.FlightPlan) error
	Get(ctx context.Context, id uuid.UUID) (*domain.FlightPlan, error)
	GetByAuthorityID(ctx context.Context, authorityPlanID string) (*domain.FlightPlan, error)
	ActiveForDrone(ctx context.Context, droneID string) (*domain.FlightPlan, error)
	SetStatus(ctx context.Context, id uuid.UUID, from []domain.FlightPlanStatus, to domain.FlightPlanStatus) (bool, error)
	Complete(ctx context.Context, id uuid.UUID, depotID string, at time.Time) (bool, error)
	InsertDecision(ctx context.Context, d *domain.PlanDecision) error
}

// Batteries persists packs, depot slots and swap records.
type Batteries interface {
	Get(ctx context.Context, serial string) (*domain.Battery, error)
	RetireFromDrone(ctx context.Context, serial, depotID string) error
	InstallOnDrone(ctx context.Context, serial, droneID string) error
	UpsertSlot(ctx context.Context, s domain.SlotState) error
	InsertSwap(ctx context.Context, s *domain.BatterySwap) (bool, error)
	InsertAlert(ctx context.Context, a *domain.BatteryAlert) error
}

// ProofOfDelivery persists drop-off evidence.
type ProofOfDelivery interface {
	Insert(ctx context.Context, p *domain.ProofOfDelivery) error
	Get(ctx context.Context, orderID uuid.UUID) (*domain.ProofOfDelivery, error)
}

// Merchants persists merchant accounts and their balances.
type Merchants interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Merchant, error)
	ListWithOutstanding(ctx context.Context, minCents int64) ([]domain.Merchant, error)
	AddOutstanding(ctx context.Context, id uuid.UUID, deltaCents int64) error
	AddCredit(ctx context.Context, id uuid.UUID, deltaCents int64) error
}

// Ledger is the append-only record of merchant account movements.
type Ledger interface {
	Append(ctx context.Context, e *domain.LedgerEntry) error
	InsertCreditNote(ctx context.Context, n *domain.CreditNote) error
}

// Refunds persists refund attempts.
type Refunds interface {
	Insert(ctx context.Context, r *domain.Refund) error
	// EnsureFailedDelivery returns the failed-delivery refund for the order,
	// creating it from r when none exists yet.
	EnsureFailedDelivery(ctx context.Context, r *domain.Refund) (*domain.Refund, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error)
	MarkSucceeded(ctx context.Context, id uuid.UUID, providerRefundID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
}

// Invoices persists monthly surcharge invoices.
type Invoices interface {
	// UpsertOpen returns the invoice for (merchant, period), creating it with
	// the given amount if this is the first run for the period.
	UpsertOpen(ctx context.Context, inv *domain.Invoice) (*domain.Invoice, error)
	MarkPaid(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) (bool, error)
}

// Telemetry persists flight telemetry.
type Telemetry interface {
	InsertPositions(ctx context.Context, fixes []domain.PositionFix) (int64, error)
	InsertIncident(ctx context.Context, inc *domain.GeofenceIncident) error
}

// Inbox records which broker messages a consumer has processed.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
	// Claim records the message and reports whether this call was the first.
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// StoredResponse is a response cached under an idempotency key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

// IdempotencyKeys caches HTTP responses by client-supplied key.
type IdempotencyKeys interface {
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

// CommandLogEntry is one row of the command audit log.
type CommandLogEntry struct {
	Command    string
	Subject    string
	Outcome    string
	Error      string
	DurationMS int
}

// CommandLog is the per-attempt audit trail of command handlers.
type CommandLog interface {
	Record(ctx context.Context, e CommandLogEntry) error
}

// Repos is the set of repositories bound to one connection or transaction.
type Repos interface {
	Orders() Orders
	FlightPlans() FlightPlans
	Batteries() Batteries
	ProofOfDelivery() ProofOfDelivery
	Merchants() Merchants
	Ledger() Ledger
	Refunds() Refunds
	Invoices() Invoices
	Telemetry() Telemetry
	Inbox() Inbox
	IdempotencyKeys() IdempotencyKeys
	CommandLog() CommandLog
}

// Store gives access to repositories outside and inside a transaction.
type Store interface {
	Repos
	InTx(ctx context.Context, fn func(Repos) error) error
}
