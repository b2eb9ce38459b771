// Package ports declares the interfaces the core services depend on. The
// adapters under internal/adapters implement them.
package ports

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
)

// TxRunner runs fn inside a database transaction. Repositories called with
// the ctx passed to fn join that transaction; anything called with another
// context runs on its own connection.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type ClinicRepository interface {
	Get(ctx context.Context, id string) (domain.Clinic, error)
	List(ctx context.Context) ([]domain.Clinic, error)
}

type OwnerRepository interface {
	// Upsert inserts the owner or, when the email is already registered,
	// returns the stored owner. created reports which happened.
	Upsert(ctx context.Context, o domain.Owner) (stored domain.Owner, created bool, err error)
	Get(ctx context.Context, id string) (domain.Owner, error)
}

type PetRepository interface {
	Put(ctx context.Context, p domain.Pet) (domain.Pet, error)
	Get(ctx context.Context, id string) (domain.Pet, error)
}

type AppointmentRepository interface {
	Insert(ctx context.Context, a domain.Appointment) error
	Get(ctx context.Context, id string) (domain.Appointment, error)
	GetForUpdate(ctx context.Context, id string) (domain.Appointment, error)
	Cancel(ctx context.Context, id, reason string, at time.Time) (changed bool, err error)
	Move(ctx context.Context, id string, startsAt, endsAt time.Time) (domain.Appointment, error)
	Complete(ctx context.Context, id string, at time.Time) error
	DueForReminder(ctx context.Context, kind string, from, to time.Time) ([]domain.ReminderDue, error)
}

type DepositRepository interface {
	// Ensure creates the appointment's deposit row if it has none and
	// returns the stored row either way.
	Ensure(ctx context.Context, d domain.Deposit) (domain.Deposit, error)
	ByAppointment(ctx context.Context, appointmentID string) (domain.Deposit, error)
	AttachIntent(ctx context.Context, id, paymentIntentID string, status domain.DepositStatus) error
	MarkPaidByIntent(ctx context.Context, paymentIntentID string) (bool, error)
	MarkRefunded(ctx context.Context, id, refundID string, amount int64) error
}

type InvoiceRepository interface {
	Create(ctx context.Context, inv domain.Invoice, lines []domain.InvoiceLine) (domain.Invoice, error)
	Get(ctx context.Context, id string) (domain.Invoice, error)
	GetForUpdate(ctx context.Context, id string) (domain.Invoice, error)
	ByAppointment(ctx context.Context, appointmentID string) (domain.Invoice, error)
	AddAdjustment(ctx context.Context, adj domain.InvoiceAdjustment) (domain.Invoice, error)
	ApplyPayment(ctx context.Context, id string, cents int64) error
	ApplyRefund(ctx context.Context, id string, cents int64) error
	Overdue(ctx context.Context, asOf time.Time, minDaysLate int) ([]domain.OverdueInvoice, error)
}

type PaymentRepository interface {
	// CreatePending stores a pending payment for (invoice, request key) or
	// returns the one already stored for that pair.
	CreatePending(ctx context.Context, p domain.Payment) (domain.Payment, error)
	Get(ctx context.Context, id string) (domain.Payment, error)
	ByIntent(ctx context.Context, paymentIntentID string) (domain.Payment, error)
	AttachIntent(ctx context.Context, id, paymentIntentID string) error
	MarkSucceeded(ctx context.Context, id string) (changed bool, err error)
	MarkFailed(ctx context.Context, id, reason string) error
	RefundRecorded(ctx context.Context, stripeRefundID string) (bool, error)
	RecordRefund(ctx context.Context, r domain.PaymentRefund) error
	SettlementTotals(ctx context.Context, clinicID string, day time.Time) (domain.SettlementTotals, error)
	MarkSettled(ctx context.Context, clinicID string, day time.Time, settlementID string) (int64, error)
}

type SettlementRepository interface {
	Ensure(ctx context.Context, s domain.Settlement) (domain.Settlement, error)
	MarkSent(ctx context.Context, id, transferID string, at time.Time) error
}

type LabRepository interface {
	Insert(ctx context.Context, o domain.LabOrder) error
	Get(ctx context.Context, id string) (domain.LabOrder, error)
	MarkSubmitted(ctx context.Context, id, requisitionID string, at time.Time) error
	InsertAddons(ctx context.Context, addons []domain.LabOrderAddon) error
	InsertResult(ctx context.Context, r domain.LabResult) error
	GetResult(ctx context.Context, id string) (domain.LabResult, error)
	ByRequisition(ctx context.Context, requisitionID string) (domain.LabOrder, error)
	SetStatus(ctx context.Context, id, status string) error
	Outstanding(ctx context.Context, limit int) ([]domain.LabOrder, error)
	SetLabStatus(ctx context.Context, id, labStatus string, at time.Time) error
}

type PrescriptionRepository interface {
	Get(ctx context.Context, id string) (domain.Prescription, error)
	ConsumeRefill(ctx context.Context, id string) error
}

type RefillRepository interface {
	Insert(ctx context.Context, r domain.RefillRequest) error
	Get(ctx context.Context, id string) (domain.RefillRequest, error)
	MarkRouted(ctx context.Context, id, partner, partnerOrderID string, at time.Time) error
	SetStatus(ctx context.Context, id, status string) error
	InsertFulfillment(ctx context.Context, f domain.RefillFulfillment) error
	SetTracking(ctx context.Context, dispenseID, carrier, tracking string) error
}

type ReminderRepository interface {
	// Claim creates the (appointment, kind) reminder row if missing and
	// returns the stored row.
	Claim(ctx context.Context, r domain.Reminder) (domain.Reminder, error)
	MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error
	MarkFailed(ctx context.Context, id, reason string) error
	ApplyDeliveryStatus(ctx context.Context, providerMessageID, status string, at time.Time) (bool, error)
}

type NotificationRepository interface {
	Exists(ctx context.Context, kind, refID, channel string) (bool, error)
	Record(ctx context.Context, n domain.Notification) error
	ClaimDunning(ctx context.Context, invoiceID string, level int) (bool, error)
	FinishDunning(ctx context.Context, invoiceID string, level int, sendErr error) error
}

type WalletRepository interface {
	GetOrCreate(ctx context.Context, ownerID string) (domain.Wallet, error)
	LockByOwner(ctx context.Context, ownerID string) (domain.Wallet, error)
	Append(ctx context.Context, e domain.LedgerEntry) (inserted bool, err error)
	Adjust(ctx context.Context, walletID string, delta int64) (domain.Wallet, error)
	Expirable(ctx context.Context, olderThan time.Time) ([]ExpiringBalance, error)
}

// ExpiringBalance is one wallet's points that reached their expiry age
// without being spent.
type ExpiringBalance struct {
	WalletID string `db:"wallet_id"`
	Points   int64  `db:"points"`
}

// IdempotencyRecord is a stored API response keyed by the client's
// Idempotency-Key.
type IdempotencyRecord struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  int
	Response    []byte
	Completed   bool
}

type IdempotencyStore interface {
	// Claim inserts (scope, key); claimed is false when the pair already
	// exists, in which case the stored record is returned.
	Claim(ctx context.Context, scope, key, requestHash string) (claimed bool, rec *IdempotencyRecord, err error)
	Complete(ctx context.Context, scope, key string, status int, response []byte) error
	Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Save(ctx context.Context, rec IdempotencyRecord) error
}

type EventInbox interface {
	// Claim records an inbound event ID; false means it was seen before.
	Claim(ctx context.Context, source, eventID, eventType string) (bool, error)
}
