// Package repository declares persistence interfaces. The PostgreSQL
// implementations are in internal/repository/pg. Methods join the caller's
// transaction when ctx carries one (see TxManager).
package repository

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
)

// TxManager runs fn in a database transaction.
type TxManager interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Partners interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Partner, error)
	ByCode(ctx context.Context, code string) (domain.Partner, error)
	ByAPIKeyHash(ctx context.Context, hash string) (domain.Partner, error)
}

type Customers interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Customer, error)
	// Upsert inserts the customer or refreshes contact details of the
	// existing (partner, ssn) customer, returning the stored id.
	Upsert(ctx context.Context, c domain.Customer) (uuid.UUID, error)
}

type ApplicationRequests interface {
	// Claim records the idempotency key. It returns false and the stored
	// request when the key was already used.
	Claim(ctx context.Context, r domain.ApplicationRequest) (bool, domain.ApplicationRequest, error)
}

type Applications interface {
	Create(ctx context.Context, a *domain.Application) error
	Get(ctx context.Context, id uuid.UUID) (domain.Application, error)
	GetForPartner(ctx context.Context, partnerID, id uuid.UUID) (domain.Application, error)
	ByReturnRef(ctx context.Context, partnerID uuid.UUID, returnRef string) (domain.Application, error)
	ByRTAccount(ctx context.Context, rtAccountRef string) (domain.Application, error)
	// Transition moves the application to `to` only if it is in one of `from`.
	Transition(ctx context.Context, id uuid.UUID, from []domain.ApplicationStatus, to domain.ApplicationStatus) (bool, error)
	Withdraw(ctx context.Context, id uuid.UUID, reason string) (bool, error)
	ApplyDecision(ctx context.Context, id uuid.UUID, d domain.UnderwritingDecision) (bool, error)
	MarkFunded(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	SetIRSStatus(ctx context.Context, id uuid.UUID, status string) error
	SetDestination(ctx context.Context, id uuid.UUID, token string) error
	AddRefundReceived(ctx context.Context, id uuid.UUID, deltaCents int64) error
	ApplyRepayment(ctx context.Context, id uuid.UUID, amountCents int64, at time.Time) error
	StaleSubmitted(ctx context.Context, olderThan time.Time, limit int) ([]uuid.UUID, error)
}

type CreditReports interface {
	Save(ctx context.Context, r *domain.CreditReport) error
}

type UnderwritingAttempts interface {
	Start(ctx context.Context, a *domain.UnderwritingAttempt) error
	Finish(ctx context.Context, id uuid.UUID, outcome, detail string, at time.Time) error
}

type Decisions interface {
	Insert(ctx context.Context, d *domain.UnderwritingDecision) (bool, error)
	ByApplication(ctx context.Context, applicationID uuid.UUID) (domain.UnderwritingDecision, error)
}

type Disbursements interface {
	Ensure(ctx context.Context, d domain.Disbursement) (domain.Disbursement, error)
	ByApplication(ctx context.Context, applicationID uuid.UUID) (domain.Disbursement, error)
	ByTransferID(ctx context.Context, transferID string) (domain.Disbursement, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, transferID string, at time.Time) error
	Resubmit(ctx context.Context, id uuid.UUID, transferID string, at time.Time) (bool, error)
	MarkSettled(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	MarkReturned(ctx context.Context, id uuid.UUID, returnCode string, at time.Time) (bool, error)
}

type WebhookEvents interface {
	ClaimBankEvent(ctx context.Context, e domain.BankWebhookEvent) (bool, error)
	InsertReturnEvent(ctx context.Context, e *domain.PartnerReturnEvent) error
}

type Deposits interface {
	Create(ctx context.Context, d *domain.RefundDeposit) error
	Get(ctx context.Context, id uuid.UUID) (domain.RefundDeposit, error)
	ByTrace(ctx context.Context, rtAccountRef, trace string) (domain.RefundDeposit, error)
	MarkSettled(ctx context.Context, id uuid.UUID, repaid, remainder int64, at time.Time) error
	SetRemainderTransfer(ctx context.Context, id uuid.UUID, transferID string) error
	InsertReversal(ctx context.Context, r *domain.DepositReversal) (bool, error)
	FlagReversed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

type Repayments interface {
	Create(ctx context.Context, r *domain.Repayment) error
}

type Ledger interface {
	Post(ctx context.Context, entries []domain.LedgerEntry) error
}

type Accruals interface {
	Create(ctx context.Context, a *domain.CommissionAccrual) error
	MarkPartnerNotified(ctx context.Context, id uuid.UUID, at time.Time) error
	Unpaid(ctx context.Context, partnerID uuid.UUID, before time.Time) (total int64, ids []uuid.UUID, err error)
	AttachToPayout(ctx context.Context, ids []uuid.UUID, payoutID uuid.UUID) error
	PartnersWithUnpaid(ctx context.Context, before time.Time) ([]uuid.UUID, error)
}

type Payouts interface {
	Open(ctx context.Context, p domain.CommissionPayout) (domain.CommissionPayout, error)
	MarkPaid(ctx context.Context, id uuid.UUID, amount int64, transferID string, at time.Time) error
	MarkEmpty(ctx context.Context, id uuid.UUID) error
}

type Notices interface {
	Exists(ctx context.Context, applicationID uuid.UUID) (bool, error)
	Create(ctx context.Context, n *domain.AdverseActionNotice) error
}

// Inbox tracks consumed queue messages.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkSeen(ctx context.Context, consumer, messageID string, at time.Time) error
}
