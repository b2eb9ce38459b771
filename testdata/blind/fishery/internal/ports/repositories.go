// Package ports declares the interfaces between the registry's layers:
// transport adapters depend on the service interfaces, services depend on the
// repository and provider interfaces, and cmd/ wires implementations in.
package ports

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInsufficientQuota = errors.New("insufficient quota")
	ErrVesselInactive    = errors.New("vessel is not active")
)

// UnitOfWork runs fn inside a database transaction. Repositories called with
// the context passed to fn take part in that transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type VesselRepository interface {
	Register(ctx context.Context, v *domain.Vessel) (created bool, err error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Vessel, error)
	GetByRegistration(ctx context.Context, registrationNo string) (*domain.Vessel, error)
	ListActive(ctx context.Context) ([]domain.Vessel, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

type HoldingRepository interface {
	Find(ctx context.Context, vesselID uuid.UUID, species, area string, season int) (*domain.QuotaHolding, error)
	Ensure(ctx context.Context, vesselID uuid.UUID, species, area string, season int) (*domain.QuotaHolding, error)
	Credit(ctx context.Context, holdingID uuid.UUID, kg int64) error
	Debit(ctx context.Context, holdingID uuid.UUID, kg int64) error
	Consume(ctx context.Context, vesselID uuid.UUID, species, area string, season int, kg int64) error
	FreezeForVessel(ctx context.Context, vesselID uuid.UUID) error
	Overages(ctx context.Context, season int) ([]domain.QuotaHolding, error)
}

type LedgerRepository interface {
	Append(ctx context.Context, e *domain.QuotaLedgerEntry) error
}

type PurchaseRepository interface {
	Claim(ctx context.Context, p *domain.QuotaPurchase) (*domain.QuotaPurchase, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.QuotaPurchase, error)
	MarkCharged(ctx context.Context, id uuid.UUID, chargeID string) error
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

type TransferRepository interface {
	Create(ctx context.Context, t *domain.QuotaTransfer) error
	GetByReference(ctx context.Context, ref string) (*domain.QuotaTransfer, error)
}

type LandingRepository interface {
	Create(ctx context.Context, l *domain.Landing) error
	InsertDeclared(ctx context.Context, l *domain.Landing) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Landing, error)
}

type CatchLotRepository interface {
	CreateForLanding(ctx context.Context, l *domain.Landing) error
	Get(ctx context.Context, id uuid.UUID) (*domain.CatchLot, error)
	Reserve(ctx context.Context, id uuid.UUID, kg int64) error
	Release(ctx context.Context, id uuid.UUID, kg int64) error
	MarkExported(ctx context.Context, id uuid.UUID, kg int64) error
}

type InvoiceRepository interface {
	Create(ctx context.Context, inv *domain.Invoice) error
	Insert(ctx context.Context, inv *domain.Invoice) error
	InsertIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	Transition(ctx context.Context, id uuid.UUID, from []string, to, chargeID string) (bool, error)
	MarkPaid(ctx context.Context, id uuid.UUID, paidAt time.Time) (bool, error)
}

type PaymentAttemptRepository interface {
	Record(ctx context.Context, a *domain.PaymentAttempt) error
}

type ObserverReportRepository interface {
	Create(ctx context.Context, r *domain.ObserverReport) error
}

type PortCallRepository interface {
	InsertIfAbsent(ctx context.Context, pc *domain.PortCall) (*domain.PortCall, error)
}

type CertificateRepository interface {
	Claim(ctx context.Context, c *domain.ExportCertificate) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.ExportCertificate, error)
	GetByClientRef(ctx context.Context, exporterID uuid.UUID, clientRef string) (*domain.ExportCertificate, error)
	GetByDeclarationRef(ctx context.Context, ref string) (*domain.ExportCertificate, error)
	SetDeclarationRef(ctx context.Context, id uuid.UUID, ref string) error
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

type TripRepository interface {
	InsertIfAbsent(ctx context.Context, t *domain.TripSummary) (bool, error)
}

// ProcessedEventStore tracks inbound events that have been applied.
type ProcessedEventStore interface {
	Seen(ctx context.Context, consumer, eventID string) (bool, error)
	Record(ctx context.Context, consumer, eventID string) error
	// Claim inserts the marker and reports whether this call created it.
	Claim(ctx context.Context, consumer, eventID string) (bool, error)
}

type OutboxRepository interface {
	Add(ctx context.Context, taskType string, payload any) error
	Pending(ctx context.Context, limit int) ([]domain.OutboxMessage, error)
	MarkDispatched(ctx context.Context, id uuid.UUID) error
}
