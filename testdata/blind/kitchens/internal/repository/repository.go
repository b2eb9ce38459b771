// Package repository declares the persistence interfaces used by the
// service layer. The Postgres implementation lives in ./postgres.
package repository

import (
	"context"
	"time"

	"github.com/hearthkit/commissary/internal/domain"
)

// Store groups the repositories. Calls on a Store returned by New run in
// autocommit mode; InTx hands the callback a Store bound to one
// transaction and commits when the callback returns nil.
type Store interface {
	InTx(ctx context.Context, fn func(tx Store) error) error

	Bookings() BookingRepository
	Kitchens() KitchenRepository
	Idempotency() IdempotencyRepository
	Charges() ChargeRepository
	Deposits() DepositRepository
	DamageClaims() DamageClaimRepository
	Ledger() LedgerRepository
	WebhookEvents() WebhookEventRepository
	Earnings() EarningsRepository
	Payouts() PayoutRepository
	PayoutAccounts() PayoutAccountRepository
	Inspections() InspectionRepository
	Cleaning() CleaningRepository
	Usage() UsageRepository
	Messages() ProcessedMessageRepository
	TaskAttempts() TaskAttemptRepository
}

type BookingRepository interface {
	Get(ctx context.Context, id string) (*domain.Booking, error)
	Insert(ctx context.Context, b *domain.Booking) error
	// Transition moves a booking to `to` only if it is currently in one of
	// `from`. It reports whether a row changed.
	Transition(ctx context.Context, id string, from []domain.BookingStatus, to domain.BookingStatus) (bool, error)
	MarkCheckedOut(ctx context.Context, id string, at time.Time) (bool, error)
	MarkCancelled(ctx context.Context, id, reason string, at time.Time) (bool, error)
	ExtendEnd(ctx context.Context, id string, by time.Duration) (time.Time, error)
	MarkConfirmationSent(ctx context.Context, id string, at time.Time) error
	MarkReminderSent(ctx context.Context, id string, at time.Time) error
	AttachMeterSession(ctx context.Context, id, sessionID string) (bool, error)
	GetByMeterSession(ctx context.Context, sessionID string) (*domain.Booking, error)
}

type KitchenRepository interface {
	Get(ctx context.Context, id string) (*domain.Kitchen, error)
	GetHost(ctx context.Context, id string) (*domain.Host, error)
}

// StoredResponse is a previously recorded result for an idempotency key.
type StoredResponse struct {
	ResourceID string `db:"resource_id"`
	Response   []byte `db:"response"`
}

type IdempotencyRepository interface {
	// Claim records (scope, key) -> resourceID. If the key was already
	// claimed it returns the resource id stored by the first claim and
	// claimed=false.
	Claim(ctx context.Context, scope, key, resourceID string) (existing string, claimed bool, err error)
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key, resourceID string, response []byte) error
}

type ChargeRepository interface {
	Insert(ctx context.Context, c *domain.BookingCharge) error
	MarkSucceeded(ctx context.Context, providerChargeID string) (bool, error)
	ListForBooking(ctx context.Context, bookingID string) ([]domain.BookingCharge, error)
}

type DepositRepository interface {
	Get(ctx context.Context, id string) (*domain.Deposit, error)
	GetByBooking(ctx context.Context, bookingID string) (*domain.Deposit, error)
	Insert(ctx context.Context, d *domain.Deposit) error
	MarkHeld(ctx context.Context, id, providerAuthID string) (bool, error)
	MarkFailed(ctx context.Context, id string) (bool, error)
	MarkReleaseRequested(ctx context.Context, id string, at time.Time) (bool, error)
	MarkReleased(ctx context.Context, id string, at time.Time) (bool, error)
	MarkExpired(ctx context.Context, providerAuthID string) (bool, error)
	AddCaptured(ctx context.Context, id string, cents int64) error
	InsertRelease(ctx context.Context, r *domain.DepositRelease) error
}

type DamageClaimRepository interface {
	Get(ctx context.Context, id string) (*domain.DamageClaim, error)
	// Create inserts the claim unless one already exists for the same
	// (booking, request key); either way it returns the stored claim.
	Create(ctx context.Context, c *domain.DamageClaim) (*domain.DamageClaim, error)
	MarkCaptured(ctx context.Context, id, providerCaptureID string) (bool, error)
	SumOpenForDeposit(ctx context.Context, depositID string) (int64, error)
}

type LedgerRepository interface {
	Insert(ctx context.Context, e *domain.LedgerEntry) error
}

type WebhookEventRepository interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

type EarningsRepository interface {
	Insert(ctx context.Context, e *domain.HostEarning) error
	UnpaidByHost(ctx context.Context, before time.Time) ([]domain.EarningsSummary, error)
	AssignPayout(ctx context.Context, earningIDs []string, payoutID string) (int64, error)
}

type PayoutRepository interface {
	Get(ctx context.Context, id string) (*domain.Payout, error)
	// Create inserts the payout unless the host already has one for the
	// period. It reports whether this call created it.
	Create(ctx context.Context, p *domain.Payout) (bool, error)
	ListOpen(ctx context.Context, olderThan time.Duration) ([]domain.Payout, error)
	MarkSubmitted(ctx context.Context, id, providerPayoutID string) (bool, error)
	MarkPaid(ctx context.Context, providerPayoutID string, at time.Time) (bool, error)
}

type PayoutAccountRepository interface {
	GetByHost(ctx context.Context, hostID string) (*domain.PayoutAccount, error)
	Upsert(ctx context.Context, a *domain.PayoutAccount) (*domain.PayoutAccount, error)
}

type InspectionRepository interface {
	Insert(ctx context.Context, d *domain.InspectionDocument) error
}

type CleaningRepository interface {
	TurnoverForBooking(ctx context.Context, bookingID string) (*domain.CleaningJob, error)
	Insert(ctx context.Context, j *domain.CleaningJob) error
}

type UsageRepository interface {
	InsertRecord(ctx context.Context, r *domain.UsageRecord) error
	TotalsForBooking(ctx context.Context, bookingID string) ([]domain.UsageTotal, error)
	InsertInvoice(ctx context.Context, inv *domain.UsageInvoice) error
	MarkInvoiceCharged(ctx context.Context, id, providerChargeID string) error
}

type ProcessedMessageRepository interface {
	// Claim records the message for the consumer and reports whether this
	// call was the first to do so.
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

type TaskAttemptRepository interface {
	Insert(ctx context.Context, a *domain.TaskAttempt) error
}
