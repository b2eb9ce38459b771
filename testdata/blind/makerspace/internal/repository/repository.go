// Package repository declares the storage interfaces the services depend on.
// The Postgres implementations live in repository/postgres; every method
// joins the transaction carried in ctx when there is one.
package repository

import (
	"context"
	"time"

	"github.com/kerfhall/makerspace/internal/domain"
)

type MemberRepository interface {
	Create(ctx context.Context, m *domain.Member) error
	Get(ctx context.Context, id string) (*domain.Member, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Member, error)
	UpdateProfile(ctx context.Context, id string, p domain.ProfileUpdate, now time.Time) (*domain.Member, error)
	SetStatus(ctx context.Context, id string, status domain.MemberStatus, now time.Time) error
}

type AccountRepository interface {
	Open(ctx context.Context, memberID string) error
	Get(ctx context.Context, memberID string) (*domain.Account, error)
	AddTab(ctx context.Context, memberID string, cents int64) error
	AddCredit(ctx context.Context, memberID string, cents int64) error
	DebitHours(ctx context.Context, memberID string, hours int) error
	CreditHours(ctx context.Context, memberID string, hours int) error
	AppendLedger(ctx context.Context, e *domain.LedgerEntry) error
	// AppendLedgerOnce inserts e unless an entry with the same EntryKey exists.
	AppendLedgerOnce(ctx context.Context, e *domain.LedgerEntry) (bool, error)
}

type IdempotencyRepository interface {
	// Claim records (scope, key). It returns the existing record when the key
	// was claimed before.
	Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key, resourceID string, response []byte) error
}

type GuestPassRepository interface {
	Insert(ctx context.Context, gp *domain.GuestPass) error
	ListActive(ctx context.Context, memberID string, at time.Time) ([]domain.GuestPass, error)
}

type MachineRepository interface {
	Get(ctx context.Context, id string) (*domain.Machine, error)
	SetStatus(ctx context.Context, id, status string, now time.Time) error
	InsertMaintenanceLog(ctx context.Context, l *domain.MaintenanceLog) (bool, error)
	GetMaintenanceLog(ctx context.Context, machineID, ticketRef string) (*domain.MaintenanceLog, error)
	UpsertStatus(ctx context.Context, s *domain.MachineStatus) error
}

type BookingRepository interface {
	InsertIfAbsent(ctx context.Context, b *domain.Booking) (bool, error)
	GetByClientRequest(ctx context.Context, memberID, clientRequestID string) (*domain.Booking, error)
	Get(ctx context.Context, id string) (*domain.Booking, error)
	Cancel(ctx context.Context, id string, at time.Time) (bool, error)
	Complete(ctx context.Context, id string) error
	FindActiveAt(ctx context.Context, machineID string, at time.Time) (*domain.Booking, error)
}

type ReminderRepository interface {
	WasSent(ctx context.Context, bookingID, kind string) (bool, error)
	MarkSent(ctx context.Context, bookingID, kind, providerMessageID string) error
}

type OverageRepository interface {
	InsertIfAbsent(ctx context.Context, o *domain.Overage) (*domain.Overage, error)
}

type POSRepository interface {
	GetPacks(ctx context.Context, skus []string) (map[string]domain.MaterialPack, error)
	DecrementStock(ctx context.Context, sku string, qty int) error
	IncrementStock(ctx context.Context, sku string, qty int) error
	InsertSale(ctx context.Context, s *domain.Sale) error
	InsertLines(ctx context.Context, lines []domain.SaleLine) error
	UpsertCardSale(ctx context.Context, s *domain.Sale) (*domain.Sale, error)
	GetSale(ctx context.Context, id string) (*domain.Sale, error)
	MarkSalePaid(ctx context.Context, id, chargeID string, now time.Time) error
	MarkSaleFailed(ctx context.Context, id string, now time.Time) error
	SetSaleStatus(ctx context.Context, id string, status domain.SaleStatus, now time.Time) error
	InsertRefundIfAbsent(ctx context.Context, r *domain.Refund) (*domain.Refund, error)
	RefundedTotal(ctx context.Context, saleID string) (int64, error)
	MarkRefund(ctx context.Context, id, status string, processorRefundID *string) error
	InsertRestock(ctx context.Context, r *domain.Restock) error
}

type CertificationRepository interface {
	Insert(ctx context.Context, c *domain.Certification) error
	InsertIfAbsent(ctx context.Context, c *domain.Certification) (*domain.Certification, bool, error)
	Get(ctx context.Context, id string) (*domain.Certification, error)
	Revoke(ctx context.Context, id, reason string, at time.Time) (bool, error)
	HasActive(ctx context.Context, memberID, equipmentClass string, at time.Time) (bool, error)
}

type AccessRepository interface {
	// EnsureChange inserts ch, or returns the change already recorded for ch.SourceRef.
	EnsureChange(ctx context.Context, ch *domain.AccessChange) (*domain.AccessChange, error)
	GetChange(ctx context.Context, id string) (*domain.AccessChange, error)
	MarkApplied(ctx context.Context, id, vendorChangeID string, at time.Time) error
	MarkFailed(ctx context.Context, id, reason string) error
	SetMemberAccess(ctx context.Context, memberID, zone, state string, at time.Time) error
	AppendSyncAttempt(ctx context.Context, a *domain.SyncAttempt) error
	UpsertCredential(ctx context.Context, c *domain.DoorCredential) error
	GetWindow(ctx context.Context, bookingID string) (*domain.AccessWindow, error)
	SaveWindow(ctx context.Context, w *domain.AccessWindow) error
}

type DuesRepository interface {
	CreateCycleInvoices(ctx context.Context, period string, newID func() string) (int64, error)
	ListCollectable(ctx context.Context, period string) ([]domain.Invoice, error)
	Get(ctx context.Context, id string) (*domain.Invoice, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Invoice, error)
	GetByCharge(ctx context.Context, chargeID string) (*domain.Invoice, error)
	MarkProcessing(ctx context.Context, id string, now time.Time) error
	AttachCharge(ctx context.Context, id, chargeID string, now time.Time) error
	MarkPaid(ctx context.Context, id, chargeID string, at time.Time) (bool, error)
	RecordFailure(ctx context.Context, id, code string, now time.Time) (int, error)
	AppendAttempt(ctx context.Context, a *domain.PaymentAttempt) error
}

type EventRepository interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
	// Claim records the event in the caller's transaction and reports whether
	// this call was the first to do so.
	Claim(ctx context.Context, source, eventID string) (bool, error)
}

type ProcessedMessageRepository interface {
	Claim(ctx context.Context, stream, consumer string, seq uint64) (bool, error)
}

type MeterRepository interface {
	InsertReading(ctx context.Context, r *domain.MeterReading) error
	InsertSession(ctx context.Context, s *domain.UsageSession) error
	RuntimeForBooking(ctx context.Context, bookingID string) (int, error)
}
