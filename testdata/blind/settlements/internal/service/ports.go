// Package service holds the settlement-disbursement business logic. Services
// depend only on the interfaces in this file; internal/app binds them to the
// Postgres repositories and provider clients.
package service

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/providers/checkmail"
	"github.com/trustwell/settlements/internal/providers/mailer"
	"github.com/trustwell/settlements/internal/repository"
)

// Q is a query handle: the pool or a transaction.
type Q = sqlx.ExtContext

// SettlementRepository persists settlements.
type SettlementRepository interface {
	Create(ctx context.Context, tx *sqlx.Tx, s *domain.Settlement) error
	Get(ctx context.Context, q Q, id string) (*domain.Settlement, error)
	GetForUpdate(ctx context.Context, tx *sqlx.Tx, id string) (*domain.Settlement, error)
	AddReceived(ctx context.Context, tx *sqlx.Tx, id string, amt money.Cents) error
	Transition(ctx context.Context, q Q, id string, next domain.SettlementStatus, from ...domain.SettlementStatus) (bool, error)
	BumpAllocationVersion(ctx context.Context, tx *sqlx.Tx, id string) (int, error)
	MarkApproved(ctx context.Context, tx *sqlx.Tx, id, actor string) (bool, error)
	MarkClosed(ctx context.Context, tx *sqlx.Tx, id string) error
}

// ClaimantRepository persists claimants.
type ClaimantRepository interface {
	InsertIfAbsent(ctx context.Context, q Q, c *domain.Claimant) (*domain.Claimant, bool, error)
	Get(ctx context.Context, q Q, id string) (*domain.Claimant, error)
	ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Claimant, error)
	SetRecipient(ctx context.Context, q Q, id, recipientID, fingerprint string) error
}

// LienRepository persists liens.
type LienRepository interface {
	InsertIfAbsent(ctx context.Context, q Q, l *domain.Lien) (*domain.Lien, bool, error)
	Get(ctx context.Context, q Q, id string) (*domain.Lien, error)
	ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Lien, error)
	SetFinal(ctx context.Context, q Q, id string, final money.Cents, at time.Time) error
	SetStatus(ctx context.Context, q Q, id string, status domain.LienStatus) error
	AddPaid(ctx context.Context, tx *sqlx.Tx, id string, amt money.Cents) error
}

// DepositRepository persists trust deposits.
type DepositRepository interface {
	Insert(ctx context.Context, tx *sqlx.Tx, d *domain.Deposit) error
	Get(ctx context.Context, q Q, id string) (*domain.Deposit, error)
}

// AllocationRepository persists allocations.
type AllocationRepository interface {
	Replace(ctx context.Context, tx *sqlx.Tx, settlementID string, rows []domain.Allocation) error
	ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Allocation, error)
	ForClaimant(ctx context.Context, q Q, settlementID, claimantID string) (*domain.Allocation, error)
	ReleaseLienReduction(ctx context.Context, q Q, settlementID, claimantID string, reduction money.Cents) error
}

// DisbursementRepository persists claimant payouts.
type DisbursementRepository interface {
	InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, d *domain.Disbursement) (*domain.Disbursement, error)
	Get(ctx context.Context, q Q, id string) (*domain.Disbursement, error)
	GetByProviderPaymentID(ctx context.Context, q Q, paymentID string) (*domain.Disbursement, error)
	ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Disbursement, error)
	MarkSubmitted(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) (bool, error)
	MarkReissued(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) error
	MarkSettled(ctx context.Context, q Q, id string, at time.Time) (bool, error)
	MarkReturned(ctx context.Context, tx *sqlx.Tx, id string, status domain.DisbursementStatus, code string) (bool, error)
	ListAwaitingSettlement(ctx context.Context, cutoff time.Time, limit int) ([]domain.Disbursement, error)
	AppendStatusCheck(ctx context.Context, q Q, c *domain.PaymentStatusCheck) error
	CountOpen(ctx context.Context, q Q, settlementID string) (int, error)
}

// HoldbackRepository persists holdbacks.
type HoldbackRepository interface {
	InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, h *domain.Holdback) error
	Get(ctx context.Context, q Q, id string) (*domain.Holdback, error)
	MarkReleasing(ctx context.Context, tx *sqlx.Tx, id string) (bool, error)
	MarkReleased(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) error
	CountHeld(ctx context.Context, q Q, settlementID string) (int, error)
}

// LienPaymentRepository persists lien checks.
type LienPaymentRepository interface {
	InsertPendingIfAbsent(ctx context.Context, tx *sqlx.Tx, p *domain.LienPayment) (*domain.LienPayment, error)
	Get(ctx context.Context, q Q, id string) (*domain.LienPayment, error)
	GetByVendorCheckID(ctx context.Context, q Q, checkID string) (*domain.LienPayment, error)
	MarkIssued(ctx context.Context, tx *sqlx.Tx, id, checkID, checkNumber, journalID string) error
	SetStatus(ctx context.Context, q Q, id string, status domain.LienPaymentStatus) (bool, error)
	Void(ctx context.Context, p *domain.LienPayment, reason string) error
}

// LedgerRepository persists ledger-side records beyond journals.
type LedgerRepository interface {
	InsertFeeTransfer(ctx context.Context, tx *sqlx.Tx, ft *repository.FeeTransfer) error
	InsertTrustTransfer(ctx context.Context, tx *sqlx.Tx, t *repository.TrustTransfer) error
	TrialBalance(ctx context.Context, asOf time.Time) (*repository.TrialBalance, error)
	UpsertSnapshot(ctx context.Context, asOf time.Time, tb *repository.TrialBalance, computedAt time.Time) error
}

// NoticeRepository persists notices.
type NoticeRepository interface {
	InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, n *domain.Notice) (*domain.Notice, bool, error)
	Insert(ctx context.Context, tx *sqlx.Tx, n *domain.Notice) error
	Get(ctx context.Context, q Q, id string) (*domain.Notice, error)
	ClaimForSend(ctx context.Context, id string) (*domain.Notice, error)
	MarkSent(ctx context.Context, id, messageID string, at time.Time) error
	MarkFailed(ctx context.Context, id, reason string) error
	MarkBounced(ctx context.Context, tx *sqlx.Tx, messageID, reason string) (bool, error)
}

// WebhookRepository persists inbound provider events.
type WebhookRepository interface {
	InsertACHEvent(ctx context.Context, tx *sqlx.Tx, ev *domain.ACHEvent) error
	GetACHEvent(ctx context.Context, q Q, id string) (*domain.ACHEvent, error)
	MarkACHEventProcessed(ctx context.Context, tx *sqlx.Tx, id string, at time.Time) error
	IsMailEventProcessed(ctx context.Context, eventID string) (bool, error)
	MarkMailEventProcessed(ctx context.Context, eventID, eventType string) error
	InsertEmailEvent(ctx context.Context, tx *sqlx.Tx, eventID, messageID, eventType string) (bool, error)
}

// Poster posts journals to the trust ledger.
type Poster interface {
	Post(ctx context.Context, tx *sqlx.Tx, j *ledger.Journal) (bool, error)
	Available(ctx context.Context, q sqlx.QueryerContext, account string) (money.Cents, error)
	OpenSettlementAccounts(ctx context.Context, tx *sqlx.Tx, settlementID, caption string) error
}

// ACHPayments is the payments provider.
type ACHPayments interface {
	CreatePayment(ctx context.Context, req achpay.PaymentRequest) (*achpay.Payment, error)
	GetPayment(ctx context.Context, id string) (*achpay.Payment, error)
	CreateRecipient(ctx context.Context, req achpay.RecipientRequest, idempotencyKey string) (*achpay.Recipient, error)
}

// CheckPrinter is the print-and-mail vendor.
type CheckPrinter interface {
	CreateCheck(ctx context.Context, req checkmail.CheckRequest, opts ...checkmail.Option) (*checkmail.Check, error)
	CancelCheck(ctx context.Context, id string) error
}

// EmailSender delivers email.
type EmailSender interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// JobQueue enqueues background jobs.
type JobQueue interface {
	EnqueueTx(ctx context.Context, tx *sqlx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}
