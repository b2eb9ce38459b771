package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

var errNotFound = domain.ErrNotFound

// PatronRepository reads patrons and keeps their running balance.
type PatronRepository interface {
	Get(ctx context.Context, id string) (domain.Patron, error)
	AdjustBalance(ctx context.Context, tx *sql.Tx, patronID string, deltaCents int64) error
	ListAutopayCandidates(ctx context.Context, minBalanceCents int64) ([]domain.Patron, error)
}

// HoldRepository persists physical holds.
type HoldRepository interface {
	Insert(ctx context.Context, h domain.Hold) error
	Get(ctx context.Context, id string) (domain.Hold, error)
	CountActive(ctx context.Context, patronID string) (int, error)
	Cancel(ctx context.Context, id string, at time.Time) (bool, error)
	MarkInTransit(ctx context.Context, tx *sql.Tx, id, itemID string) error
	MarkReady(ctx context.Context, tx *sql.Tx, id string, readyAt, pickupBy time.Time) (domain.Hold, error)
	ExpireUncollected(ctx context.Context, now time.Time) (int64, error)
}

// ItemRepository reads and moves physical items.
type ItemRepository interface {
	Get(ctx context.Context, id string) (domain.Item, string, error)
	MoveTo(ctx context.Context, tx *sql.Tx, itemID, branchID, status string) error
}

// BranchRepository keeps per-branch counters shown on the staff dashboard.
type BranchRepository interface {
	IncrementOnHand(ctx context.Context, branchID string, delta int) error
	AdjustInbound(ctx context.Context, tx *sql.Tx, branchID string, delta int) error
}

// TransferRepository persists inter-branch transfers.
type TransferRepository interface {
	Create(ctx context.Context, tx *sql.Tx, t domain.Transfer) (domain.Transfer, bool, error)
	Get(ctx context.Context, id string) (domain.Transfer, error)
	MarkShipped(ctx context.Context, tx *sql.Tx, id string, at time.Time) (bool, error)
	MarkReceived(ctx context.Context, tx *sql.Tx, id string, at time.Time) (domain.Transfer, bool, error)
	Cancel(ctx context.Context, tx *sql.Tx, id string, at time.Time) (bool, error)
}

// PickTaskRepository writes the sending branch's pull list.
type PickTaskRepository interface {
	Create(ctx context.Context, p domain.PickTask) error
}

// MovementRepository appends item movement audit rows.
type MovementRepository interface {
	Insert(ctx context.Context, tx *sql.Tx, m domain.Movement) error
}

// InboxRepository remembers queue messages that were already applied.
type InboxRepository interface {
	Seen(ctx context.Context, messageID string) (bool, error)
	MarkSeen(ctx context.Context, messageID, kind string) error
	Claim(ctx context.Context, tx *sql.Tx, messageID, kind string) (bool, error)
}

// LoanRepository reads physical loans for the nightly batch.
type LoanRepository interface {
	ListOverdue(ctx context.Context, asOf time.Time) ([]domain.Loan, error)
	ListLongOverdue(ctx context.Context, dueBefore time.Time) ([]domain.Loan, error)
}

// FineRepository persists fines.
type FineRepository interface {
	InsertOverdue(ctx context.Context, tx *sql.Tx, f domain.Fine) (domain.Fine, error)
	InsertLost(ctx context.Context, tx *sql.Tx, f domain.Fine) (bool, error)
	OverdueTotal(ctx context.Context, loanID string) (int64, error)
	ListOpen(ctx context.Context, patronID string) ([]domain.Fine, error)
	Get(ctx context.Context, id string) (domain.Fine, error)
	MarkPaid(ctx context.Context, fineIDs []string, paymentID string) (int64, error)
	MarkPaidTx(ctx context.Context, tx *sql.Tx, fineIDs []string, paymentID string) (int64, error)
	Waive(ctx context.Context, tx *sql.Tx, id string) (domain.Fine, bool, error)
	ReopenForPayment(ctx context.Context, tx *sql.Tx, paymentID string) (int64, error)
	MarkRefunded(ctx context.Context, fineID string) error
	AddEvent(ctx context.Context, tx *sql.Tx, ev domain.FineEvent) error
}

// PaymentRepository persists card payments and refunds.
type PaymentRepository interface {
	CreatePending(ctx context.Context, tx *sql.Tx, p domain.Payment, fineIDs []string) (domain.Payment, bool, error)
	Insert(ctx context.Context, tx *sql.Tx, p domain.Payment, fineIDs []string) error
	Get(ctx context.Context, id string) (domain.Payment, error)
	GetByIntent(ctx context.Context, intentID string) (domain.Payment, error)
	SetIntent(ctx context.Context, id, intentID string) error
	MarkSucceeded(ctx context.Context, tx *sql.Tx, id string) error
	MarkFailed(ctx context.Context, id, reason string) error
	MarkDisputed(ctx context.Context, tx *sql.Tx, id string) error
	InsertRefund(ctx context.Context, r domain.Refund) (bool, error)
}

// LedgerRepository appends lines to a patron's account history.
type LedgerRepository interface {
	Insert(ctx context.Context, tx *sql.Tx, e domain.LedgerEntry) error
}

// StripeEventRepository records webhook events that were handled.
type StripeEventRepository interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

// EbookRepository persists distributor loans, holds and callbacks.
type EbookRepository interface {
	ClaimLoan(ctx context.Context, tx *sql.Tx, l domain.EbookLoan) (domain.EbookLoan, bool, error)
	ActivateLoan(ctx context.Context, id, checkoutID string, expiresAt time.Time) error
	FailLoan(ctx context.Context, id, reason string) error
	GetLoan(ctx context.Context, id string) (domain.EbookLoan, error)
	RecordRenewal(ctx context.Context, id string, expiresAt time.Time) error
	InsertHold(ctx context.Context, h domain.EbookHold) error
	RecordEvent(ctx context.Context, tx *sql.Tx, eventID, kind string) error
	ExpireByCheckout(ctx context.Context, tx *sql.Tx, checkoutID string) (bool, error)
	MarkHoldAvailable(ctx context.Context, tx *sql.Tx, distributorHoldID string) error
	LogCall(ctx context.Context, c domain.PartnerCall) error
}

// NotificationRepository tracks outgoing patron messages.
type NotificationRepository interface {
	Claim(ctx context.Context, n domain.Notification) (bool, error)
	Record(ctx context.Context, n domain.Notification) error
	SetSent(ctx context.Context, kind, ref, providerMessageID string) error
}

// OutboxEntry is a task waiting to be handed to the queue.
type OutboxEntry struct {
	ID       int64
	TaskType string
	Payload  []byte
}

// OutboxRepository stores tasks written in the same transaction as the
// state change that produced them.
type OutboxRepository interface {
	Add(ctx context.Context, tx *sql.Tx, taskType string, payload []byte) error
	Pending(ctx context.Context, limit int) ([]OutboxEntry, error)
	MarkRelayed(ctx context.Context, id int64) error
}

// BatchRunRepository logs each run of a batch job.
type BatchRunRepository interface {
	Start(ctx context.Context, id, job string, runDate, startedAt time.Time) error
	Finish(ctx context.Context, id, status string, stats []byte, at time.Time) error
}
