// Package store declares the persistence interfaces the services depend
// on. The MySQL implementation lives in store/mysqlstore.
package store

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

// Store groups the repositories. A Store handed to the function passed to
// InTx is bound to that transaction; every other Store runs each statement
// in its own implicit transaction.
type Store interface {
	Members() MemberStore
	Tools() ToolStore
	Lockers() LockerStore
	Reservations() ReservationStore
	Idempotency() IdempotencyStore
	Loans() LoanStore
	Deposits() DepositStore
	Fees() FeeStore
	SMS() SMSStore
	Repairs() RepairStore
	Inbox() InboxStore

	InTx(ctx context.Context, fn func(tx Store) error) error
}

type MemberStore interface {
	// InsertIfAbsent inserts m unless a member with the same email exists.
	// It reports whether a row was inserted.
	InsertIfAbsent(ctx context.Context, m *domain.Member) (bool, error)
	Get(ctx context.Context, id string) (*domain.Member, error)
	GetByEmail(ctx context.Context, email string) (*domain.Member, error)
	GetBranch(ctx context.Context, id string) (*domain.Branch, error)
}

type ToolStore interface {
	Get(ctx context.Context, id string) (*domain.Tool, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Tool, error)
	// SetState moves a tool from one of from to to and reports whether the
	// row matched.
	SetState(ctx context.Context, id string, from []domain.ToolState, to domain.ToolState, at time.Time) (bool, error)
}

type LockerStore interface {
	Get(ctx context.Context, id string) (*domain.Locker, error)
	GetByVendorID(ctx context.Context, vendorLockerID string) (*domain.Locker, error)
	// ClaimFree locks and returns a free locker of the size class at branch.
	ClaimFree(ctx context.Context, branchID, sizeClass string) (*domain.Locker, error)
	SetState(ctx context.Context, id string, state domain.LockerState, heldByLoan *string, at time.Time) error
	InsertStaffOpen(ctx context.Context, o *domain.StaffLockerOpen) error
	SetStaffOpenCommand(ctx context.Context, id, commandID string) error
}

type ReservationStore interface {
	Insert(ctx context.Context, r *domain.Reservation) error
	Get(ctx context.Context, id string) (*domain.Reservation, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Reservation, error)
	Transition(ctx context.Context, id string, from []domain.ReservationStatus, to domain.ReservationStatus, at time.Time) (bool, error)
	ActiveForTool(ctx context.Context, toolID string) (int, error)
}

type IdempotencyStore interface {
	// Claim inserts the key unless it already exists and returns the
	// stored row in either case, with created=true when this call wrote it.
	Claim(ctx context.Context, k *domain.IdempotencyKey) (stored *domain.IdempotencyKey, created bool, err error)
}

type LoanStore interface {
	InsertIfAbsent(ctx context.Context, l *domain.Loan) (bool, error)
	Get(ctx context.Context, id string) (*domain.Loan, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Loan, error)
	GetByReservation(ctx context.Context, reservationID string) (*domain.Loan, error)
	Transition(ctx context.Context, id string, from, to domain.LoanStatus, at time.Time) (bool, error)
	SetReturned(ctx context.Context, id string, returnedAt time.Time) (bool, error)
	ExtendDue(ctx context.Context, id string, expectedCount int, newDue time.Time, at time.Time) (bool, error)
	InsertExtension(ctx context.Context, e *domain.LoanExtension) error
	ListOverdue(ctx context.Context, now time.Time, afterID string, limit int) ([]domain.Loan, error)
	ListDueBetween(ctx context.Context, from, to time.Time, afterID string, limit int) ([]domain.Loan, error)
	AppendEvent(ctx context.Context, e domain.LoanEvent) error
	InsertAccessCode(ctx context.Context, c *domain.AccessCode) error
	GetAccessCode(ctx context.Context, loanID string) (*domain.AccessCode, error)
	InsertInspection(ctx context.Context, i *domain.Inspection) error
	GetInspection(ctx context.Context, loanID string) (*domain.Inspection, error)
}

type DepositStore interface {
	InsertIfAbsent(ctx context.Context, d *domain.Deposit) (bool, error)
	Get(ctx context.Context, id string) (*domain.Deposit, error)
	GetByLoan(ctx context.Context, loanID string) (*domain.Deposit, error)
	GetByLoanForUpdate(ctx context.Context, loanID string) (*domain.Deposit, error)
	GetByAuthorization(ctx context.Context, authID string) (*domain.Deposit, error)
	MarkHeld(ctx context.Context, id, authID string, at time.Time) error
	SetStatus(ctx context.Context, id string, from []domain.DepositStatus, to domain.DepositStatus, at time.Time) (bool, error)
	AddCaptured(ctx context.Context, id string, cents int64, at time.Time) error
	InsertOpIfAbsent(ctx context.Context, op *domain.DepositOperation) (bool, error)
	GetOp(ctx context.Context, opKey string) (*domain.DepositOperation, error)
	CompleteOp(ctx context.Context, opKey, status, processorRef, lastErr string, at time.Time) error
}

type FeeStore interface {
	InsertLateFee(ctx context.Context, f *domain.LateFee) error
	Get(ctx context.Context, id string) (*domain.LateFee, error)
	GetForUpdate(ctx context.Context, id string) (*domain.LateFee, error)
	ListOutstanding(ctx context.Context, olderThan time.Time, afterID string, limit int) ([]domain.LateFee, error)
	MarkPaid(ctx context.Context, id string, at time.Time) (bool, error)
	InsertPaymentIfAbsent(ctx context.Context, p *domain.FeePayment) (bool, error)
	GetPayment(ctx context.Context, feeID string) (*domain.FeePayment, error)
	CompletePayment(ctx context.Context, feeID, status, chargeID string, at time.Time) error
	AppendAttempt(ctx context.Context, a *domain.FeePaymentAttempt) error
	InsertMemberCharge(ctx context.Context, c *domain.MemberCharge) error
}

type SMSStore interface {
	InsertIfAbsent(ctx context.Context, m *domain.SMSMessage) (bool, error)
	GetByClientRef(ctx context.Context, ref string) (*domain.SMSMessage, error)
	MarkSent(ctx context.Context, id, gatewayMsgID string, at time.Time) error
	AppendReceipt(ctx context.Context, r *domain.SMSReceipt) error
	UpdateStatusByGatewayID(ctx context.Context, gatewayMsgID, status string) error
}

type RepairStore interface {
	InsertDamageReport(ctx context.Context, r *domain.DamageReport) error
	GetDamageReport(ctx context.Context, id string) (*domain.DamageReport, error)
	GetOrderByReport(ctx context.Context, reportID string) (*domain.RepairOrder, error)
	GetOrderByPickup(ctx context.Context, partnerID, pickupID string) (*domain.RepairOrder, error)
	InsertOrder(ctx context.Context, o *domain.RepairOrder) error
	SetOrderStatus(ctx context.Context, id, status string, quoted *int64, at time.Time) error
	InsertUpdate(ctx context.Context, u *domain.RepairUpdate) error
	GetPartner(ctx context.Context, id string) (*domain.RepairPartner, error)
	ActivePartners(ctx context.Context) ([]domain.RepairPartner, error)
}

// InboxStore records inbound events and job completions.
type InboxStore interface {
	// Accept records (provider, eventID) and reports whether it was new.
	Accept(ctx context.Context, provider, eventID, eventType string, at time.Time) (bool, error)
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	JobDone(ctx context.Context, key string) (bool, error)
	MarkJobDone(ctx context.Context, key string, at time.Time) error
}
