package service

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/provider/fxquotes"
	"github.com/gigbridge/escrow/internal/provider/payments"
	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/provider/taxforms"
	"github.com/gigbridge/escrow/internal/store"
)

// Querier and Runner are re-exported for brevity.
type (
	Querier = store.Querier
	Runner  = store.Runner
)

type ContractRepo interface {
	Get(ctx context.Context, q Querier, id string) (store.Contract, error)
	ForMilestone(ctx context.Context, q Querier, milestoneID string) (store.Contract, error)
}

type MilestoneRepo interface {
	Insert(ctx context.Context, q Querier, m store.Milestone) error
	Get(ctx context.Context, q Querier, id string) (store.Milestone, error)
	GetForUpdate(ctx context.Context, q Querier, id string) (store.Milestone, error)
	SetStatus(ctx context.Context, q Querier, id string, status store.MilestoneStatus) error
	Transition(ctx context.Context, q Querier, id string, to store.MilestoneStatus, from ...store.MilestoneStatus) (bool, error)
	ListSubmittedBefore(ctx context.Context, q Querier, cutoff time.Time, limit int) ([]store.Milestone, error)
}

type FundingRepo interface {
	CreateOrGet(ctx context.Context, q Querier, f store.FundingIntent) (store.FundingIntent, bool, error)
	Get(ctx context.Context, q Querier, id string) (store.FundingIntent, error)
	GetByCharge(ctx context.Context, q Querier, chargeID string) (store.FundingIntent, error)
	LatestSucceeded(ctx context.Context, q Querier, milestoneID string) (store.FundingIntent, error)
	AttachCharge(ctx context.Context, q Querier, id, chargeID, status string) error
	SetStatus(ctx context.Context, q Querier, id, status, reason string) error
}

type SubmissionRepo interface {
	Insert(ctx context.Context, q Querier, s store.Submission) error
	NextRevision(ctx context.Context, q Querier, milestoneID string) (int, error)
	Get(ctx context.Context, q Querier, id string) (store.Submission, error)
	Latest(ctx context.Context, q Querier, milestoneID string) (store.Submission, error)
	Transition(ctx context.Context, q Querier, id, from, to string) (bool, error)
	SupersedePending(ctx context.Context, q Querier, milestoneID string, beforeRevision int) error
	InsertReview(ctx context.Context, q Querier, r store.SubmissionReview) (bool, error)
}

type EscrowRepo interface {
	Open(ctx context.Context, q Querier, milestoneID, currency string) error
	Get(ctx context.Context, q Querier, milestoneID string) (store.EscrowAccount, error)
	GetForUpdate(ctx context.Context, q Querier, milestoneID string) (store.EscrowAccount, error)
	CreditFunding(ctx context.Context, q Querier, milestoneID string, amount int64) error
	MoveToReleased(ctx context.Context, q Querier, milestoneID string, gross int64) error
	MoveToRefunded(ctx context.Context, q Querier, milestoneID string, amount int64) error
	ApplySplit(ctx context.Context, q Querier, milestoneID string, refund, release int64) error
	SetFrozen(ctx context.Context, q Querier, milestoneID string, frozen bool) error
}

type LedgerRepo interface {
	AppendKeyed(ctx context.Context, q Querier, entries ...store.LedgerEntry) (int, error)
	Post(ctx context.Context, q Querier, milestoneID, account, direction string, amount int64, currency, reason string) (string, error)
	ForMilestone(ctx context.Context, q Querier, milestoneID string) ([]store.LedgerEntry, error)
}

type ReleaseRepo interface {
	InsertIfAbsent(ctx context.Context, q Querier, r store.Release) (bool, error)
	Get(ctx context.Context, q Querier, id string) (store.Release, error)
}

type FeeRepo interface {
	Insert(ctx context.Context, q Querier, f store.PlatformFee) error
	AddRevenue(ctx context.Context, q Querier, period, currency string, amount int64) error
}

type BalanceRepo interface {
	Credit(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error
	Reserve(ctx context.Context, q Querier, freelancerID, currency string, amount int64) (bool, error)
	Settle(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error
	Restore(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error
	Available(ctx context.Context, q Querier, freelancerID, currency string) (int64, error)
}

type RefundRepo interface {
	CreateIfAbsent(ctx context.Context, q Querier, r store.Refund) (bool, error)
	Get(ctx context.Context, q Querier, milestoneID string) (store.Refund, error)
	MarkSubmitted(ctx context.Context, q Querier, milestoneID, providerRefundID string) error
}

type DisputeRepo interface {
	OpenOrGet(ctx context.Context, q Querier, d store.Dispute) (store.Dispute, bool, error)
	Get(ctx context.Context, q Querier, id string) (store.Dispute, error)
	GetForUpdate(ctx context.Context, q Querier, id string) (store.Dispute, error)
	Resolve(ctx context.Context, q Querier, id string, clientShareBps int, note, resolvedBy string) error
	MarkSettled(ctx context.Context, q Querier, id string) error
	InsertEvidence(ctx context.Context, q Querier, e store.Evidence) (bool, error)
	CountEvidence(ctx context.Context, q Querier, disputeID string) (int, error)
}

type BankAccountRepo interface {
	Insert(ctx context.Context, q Querier, b store.BankAccount) error
	Get(ctx context.Context, q Querier, id string) (store.BankAccount, error)
	Default(ctx context.Context, q Querier, freelancerID string) (store.BankAccount, error)
	HasAny(ctx context.Context, q Querier, freelancerID string) (bool, error)
	ClearDefault(ctx context.Context, q Querier, freelancerID string) error
	MarkDefault(ctx context.Context, q Querier, freelancerID, id string) (bool, error)
}

type PayoutRepo interface {
	InsertIfAbsent(ctx context.Context, q Querier, p store.Payout) (store.Payout, bool, error)
	Get(ctx context.Context, q Querier, id string) (store.Payout, error)
	GetForUpdate(ctx context.Context, q Querier, id string) (store.Payout, error)
	GetByProviderID(ctx context.Context, q Querier, providerPayoutID string) (store.Payout, error)
	MarkSubmitted(ctx context.Context, q Querier, id, providerPayoutID string) (bool, error)
	MarkPaid(ctx context.Context, q Querier, id string) (bool, error)
	MarkFailed(ctx context.Context, q Querier, id, reason string) (bool, error)
	MarkReturned(ctx context.Context, q Querier, id, reason string) (bool, error)
	PrepareRetry(ctx context.Context, q Querier, id, bankAccountID, idempotencyKey string) (bool, error)
	ListSubmittedBefore(ctx context.Context, q Querier, cutoff time.Time, limit int) ([]store.Payout, error)
	ReleaseTaxHolds(ctx context.Context, q Querier, freelancerID string) ([]string, error)
	AppendAttempt(ctx context.Context, q Querier, a store.PayoutAttempt) error
}

type FxRepo interface {
	QuoteByRequest(ctx context.Context, q Querier, milestoneID, requestID string) (store.FxQuote, error)
	InsertQuoteIfAbsent(ctx context.Context, q Querier, fq store.FxQuote) (store.FxQuote, bool, error)
	GetQuote(ctx context.Context, q Querier, id string) (store.FxQuote, error)
	AcceptQuote(ctx context.Context, q Querier, id string, now time.Time) (bool, error)
	ExpireQuotes(ctx context.Context, q Querier, now time.Time) (int64, error)
	ConversionCreateOrGet(ctx context.Context, q Querier, c store.FxConversion) (store.FxConversion, bool, error)
	MarkConversionBooked(ctx context.Context, q Querier, id, providerConversionID string, settledTarget int64) error
}

type TaxRepo interface {
	RequestCreateOrGet(ctx context.Context, q Querier, r store.TaxFormRequest) (store.TaxFormRequest, bool, error)
	GetRequest(ctx context.Context, q Querier, id string) (store.TaxFormRequest, error)
	RequestByEnvelope(ctx context.Context, q Querier, envelopeID string) (store.TaxFormRequest, error)
	MarkSent(ctx context.Context, q Querier, id, envelopeID string) error
	MarkCompleted(ctx context.Context, q Querier, id string) (bool, error)
	UpsertForm(ctx context.Context, q Querier, f store.TaxForm) error
	HasValidForm(ctx context.Context, q Querier, freelancerID string) (bool, error)
}

// EventClaimer records provider webhook events inside a transaction.
type EventClaimer interface {
	Claim(ctx context.Context, q Querier, provider, eventID, eventType string) (bool, error)
}

// Enqueuer inserts River jobs.
type Enqueuer interface {
	EnqueueTx(ctx context.Context, q Querier, args river.JobArgs, opts *river.InsertOpts) error
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Provider clients.

type PaymentsProvider interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest, opts ...payments.Option) (payments.Charge, error)
	Refund(ctx context.Context, req payments.RefundRequest, opts ...payments.Option) (payments.RefundResult, error)
}

type PayoutsProvider interface {
	CreateRecipient(ctx context.Context, req payouts.RecipientRequest) (payouts.Recipient, error)
	CreatePayout(ctx context.Context, req payouts.PayoutRequest, idempotencyKey string) (payouts.Payout, error)
	GetPayout(ctx context.Context, id string) (payouts.Payout, error)
}

type FxProvider interface {
	Quote(ctx context.Context, req fxquotes.QuoteRequest) (fxquotes.Quote, error)
	BookConversion(ctx context.Context, req fxquotes.BookRequest) (fxquotes.Booking, error)
}

type TaxFormsProvider interface {
	SendRequest(ctx context.Context, req taxforms.FormRequest, opts ...taxforms.SendOption) (taxforms.Envelope, error)
}

// Notifier sends party-facing notifications.
type Notifier interface {
	DisputeOpened(ctx context.Context, c store.Contract, m store.Milestone, reason string) error
}
