// Package service implements the escrow domain: milestones and funding, work
// review and releases, disputes, payouts, FX and tax-form collection.
package service

import (
	"context"
	"time"

	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/store"
)

// MilestoneView is a milestone together with its escrow account.
type MilestoneView struct {
	Milestone store.Milestone
	Escrow    store.EscrowAccount
}

type NewMilestone struct {
	ContractID  string
	Title       string
	Description string
	AmountMinor int64
	DueAt       *time.Time
}

type FundInput struct {
	MilestoneID     string
	PaymentMethodID string
	IdempotencyKey  string
}

// ChargeOutcome is what the payments webhook tells us about a charge.
type ChargeOutcome struct {
	ChargeID      string
	Succeeded     bool
	AmountMinor   int64
	FailureReason string
}

type SubmitInput struct {
	MilestoneID   string
	SubmissionRef string
	Note          string
	FileURLs      []string
}

type RequestChangesInput struct {
	SubmissionID string
	ReviewerID   string
	Note         string
}

type ApproveInput struct {
	MilestoneID string
	ApproverID  string
	AmountMinor int64
}

type ApproveResult struct {
	Milestone      store.Milestone
	ScheduledMinor int64
}

// ReleaseOrder is one release to apply.
type ReleaseOrder struct {
	ReleaseID   string
	MilestoneID string
	GrossMinor  int64
	Source      string
}

type OpenDisputeInput struct {
	MilestoneID string
	OpenedBy    string
	Reason      string
}

type EvidenceInput struct {
	EvidenceID  string
	DisputeID   string
	SubmittedBy string
	URL         string
	Note        string
}

type ResolveInput struct {
	DisputeID      string
	ClientShareBps int
	Note           string
	ResolvedBy     string
}

type BankAccountInput struct {
	FreelancerID string
	BankToken    string
	HolderName   string
	Country      string
	Currency     string
	MakeDefault  bool
}

type PayoutInput struct {
	FreelancerID  string
	RequestKey    string
	AmountMinor   int64
	Currency      string
	BankAccountID string
}

type RetryPayoutInput struct {
	PayoutID      string
	BankAccountID string
	AttemptKey    string
}

type QuoteInput struct {
	MilestoneID    string
	RequestID      string
	TargetCurrency string
}

type TaxFormInput struct {
	FreelancerID    string
	FreelancerEmail string
	FormType        string
	TaxYear         int
}

// FormEvent is what the tax-form webhook tells us about a form.
type FormEvent struct {
	EventID        string
	Type           string
	EnvelopeID     string
	ProviderFormID string
	FormType       string
	Status         string
	TINLast4       string
	CompletedAt    time.Time
}

// Milestones covers the milestone lifecycle and its funding.
type Milestones interface {
	CreateMilestone(ctx context.Context, in NewMilestone) (MilestoneView, error)
	FundMilestone(ctx context.Context, in FundInput) (store.FundingIntent, error)
	CancelMilestone(ctx context.Context, milestoneID, reason string) (MilestoneView, error)
	GetMilestone(ctx context.Context, milestoneID string) (MilestoneView, []store.LedgerEntry, error)
	ApplyChargeOutcome(ctx context.Context, out ChargeOutcome) error
	RefundCancelled(ctx context.Context, milestoneID string) error
}

// Work covers submissions, approvals and releases.
type Work interface {
	SubmitWork(ctx context.Context, in SubmitInput) (store.Submission, error)
	RequestChanges(ctx context.Context, in RequestChangesInput) (store.Submission, error)
	Approve(ctx context.Context, in ApproveInput) (ApproveResult, error)
	AutoApproveOverdue(ctx context.Context, now time.Time) (int, error)
	ReleaseFunds(ctx context.Context, o ReleaseOrder) error
}

// Fees books platform fees.
type Fees interface {
	RecordPlatformFee(ctx context.Context, releaseID string) error
}

// Disputes covers the dispute lifecycle.
type Disputes interface {
	Open(ctx context.Context, in OpenDisputeInput) (store.Dispute, error)
	AddEvidence(ctx context.Context, in EvidenceInput) (int, error)
	Resolve(ctx context.Context, in ResolveInput) (store.Dispute, error)
	ApplySplit(ctx context.Context, disputeID string) error
}

// Payouts covers bank accounts and withdrawals.
type Payouts interface {
	AddBankAccount(ctx context.Context, in BankAccountInput) (store.BankAccount, error)
	SetDefaultBankAccount(ctx context.Context, freelancerID, bankAccountID string) (store.BankAccount, error)
	RequestPayout(ctx context.Context, in PayoutInput) (store.Payout, error)
	RetryPayout(ctx context.Context, in RetryPayoutInput) (store.Payout, error)
	Dispatch(ctx context.Context, payoutID string) error
	ReconcileSubmitted(ctx context.Context, now time.Time) (int, error)
	HandleProviderEvent(ctx context.Context, ev payouts.Event) error
}

// FX covers conversion quotes and bookings.
type FX interface {
	CreateQuote(ctx context.Context, in QuoteInput) (store.FxQuote, error)
	AcceptQuote(ctx context.Context, quoteID string) (store.FxConversion, error)
	ExpireQuotes(ctx context.Context, now time.Time) (int64, error)
}

// Tax covers tax-form collection.
type Tax interface {
	RequestForm(ctx context.Context, in TaxFormInput) (store.TaxFormRequest, error)
	SendFormRequest(ctx context.Context, requestID string) error
	HandleFormEvent(ctx context.Context, ev FormEvent) error
}
