package service

import (
	"context"
	"time"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/store"
)

// The metered* decorators record a latency histogram and an outcome counter
// for every service call. They add no behaviour of their own.

type meteredMilestones struct {
	next Milestones
	rec  *metrics.Recorder
}

// MeteredMilestones decorates a Milestones with metrics.
func MeteredMilestones(next Milestones, rec *metrics.Recorder) Milestones {
	return &meteredMilestones{next: next, rec: rec}
}

func (m *meteredMilestones) CreateMilestone(ctx context.Context, in NewMilestone) (MilestoneView, error) {
	return metrics.Observe(ctx, m.rec, "milestones", "create", func(ctx context.Context) (MilestoneView, error) {
		return m.next.CreateMilestone(ctx, in)
	}).Unwrap()
}

func (m *meteredMilestones) FundMilestone(ctx context.Context, in FundInput) (store.FundingIntent, error) {
	return metrics.Observe(ctx, m.rec, "milestones", "fund", func(ctx context.Context) (store.FundingIntent, error) {
		return m.next.FundMilestone(ctx, in)
	}).Unwrap()
}

func (m *meteredMilestones) CancelMilestone(ctx context.Context, milestoneID, reason string) (MilestoneView, error) {
	return metrics.Observe(ctx, m.rec, "milestones", "cancel", func(ctx context.Context) (MilestoneView, error) {
		return m.next.CancelMilestone(ctx, milestoneID, reason)
	}).Unwrap()
}

type milestoneWithLedger struct {
	view    MilestoneView
	entries []store.LedgerEntry
}

func (m *meteredMilestones) GetMilestone(ctx context.Context, milestoneID string) (MilestoneView, []store.LedgerEntry, error) {
	res := metrics.Observe(ctx, m.rec, "milestones", "get", func(ctx context.Context) (milestoneWithLedger, error) {
		v, e, err := m.next.GetMilestone(ctx, milestoneID)
		return milestoneWithLedger{view: v, entries: e}, err
	})
	return res.Value.view, res.Value.entries, res.Err
}

func (m *meteredMilestones) ApplyChargeOutcome(ctx context.Context, out ChargeOutcome) error {
	return metrics.ObserveErr(ctx, m.rec, "milestones", "apply_charge", func(ctx context.Context) error {
		return m.next.ApplyChargeOutcome(ctx, out)
	})
}

func (m *meteredMilestones) RefundCancelled(ctx context.Context, milestoneID string) error {
	return metrics.ObserveErr(ctx, m.rec, "milestones", "refund_cancelled", func(ctx context.Context) error {
		return m.next.RefundCancelled(ctx, milestoneID)
	})
}

type meteredWork struct {
	next Work
	rec  *metrics.Recorder
}

// MeteredWork decorates a Work with metrics.
func MeteredWork(next Work, rec *metrics.Recorder) Work { return &meteredWork{next: next, rec: rec} }

func (m *meteredWork) SubmitWork(ctx context.Context, in SubmitInput) (store.Submission, error) {
	return metrics.Observe(ctx, m.rec, "work", "submit", func(ctx context.Context) (store.Submission, error) {
		return m.next.SubmitWork(ctx, in)
	}).Unwrap()
}

func (m *meteredWork) RequestChanges(ctx context.Context, in RequestChangesInput) (store.Submission, error) {
	return metrics.Observe(ctx, m.rec, "work", "request_changes", func(ctx context.Context) (store.Submission, error) {
		return m.next.RequestChanges(ctx, in)
	}).Unwrap()
}

func (m *meteredWork) Approve(ctx context.Context, in ApproveInput) (ApproveResult, error) {
	return metrics.Observe(ctx, m.rec, "work", "approve", func(ctx context.Context) (ApproveResult, error) {
		return m.next.Approve(ctx, in)
	}).Unwrap()
}

func (m *meteredWork) AutoApproveOverdue(ctx context.Context, now time.Time) (int, error) {
	return metrics.Observe(ctx, m.rec, "work", "auto_approve", func(ctx context.Context) (int, error) {
		return m.next.AutoApproveOverdue(ctx, now)
	}).Unwrap()
}

func (m *meteredWork) ReleaseFunds(ctx context.Context, o ReleaseOrder) error {
	return metrics.ObserveErr(ctx, m.rec, "work", "release", func(ctx context.Context) error {
		return m.next.ReleaseFunds(ctx, o)
	})
}

type meteredFees struct {
	next Fees
	rec  *metrics.Recorder
}

// MeteredFees decorates a Fees with metrics.
func MeteredFees(next Fees, rec *metrics.Recorder) Fees { return &meteredFees{next: next, rec: rec} }

func (m *meteredFees) RecordPlatformFee(ctx context.Context, releaseID string) error {
	return metrics.ObserveErr(ctx, m.rec, "fees", "record", func(ctx context.Context) error {
		return m.next.RecordPlatformFee(ctx, releaseID)
	})
}

type meteredDisputes struct {
	next Disputes
	rec  *metrics.Recorder
}

// MeteredDisputes decorates a Disputes with metrics.
func MeteredDisputes(next Disputes, rec *metrics.Recorder) Disputes {
	return &meteredDisputes{next: next, rec: rec}
}

func (m *meteredDisputes) Open(ctx context.Context, in OpenDisputeInput) (store.Dispute, error) {
	return metrics.Observe(ctx, m.rec, "disputes", "open", func(ctx context.Context) (store.Dispute, error) {
		return m.next.Open(ctx, in)
	}).Unwrap()
}

func (m *meteredDisputes) AddEvidence(ctx context.Context, in EvidenceInput) (int, error) {
	return metrics.Observe(ctx, m.rec, "disputes", "add_evidence", func(ctx context.Context) (int, error) {
		return m.next.AddEvidence(ctx, in)
	}).Unwrap()
}

func (m *meteredDisputes) Resolve(ctx context.Context, in ResolveInput) (store.Dispute, error) {
	return metrics.Observe(ctx, m.rec, "disputes", "resolve", func(ctx context.Context) (store.Dispute, error) {
		return m.next.Resolve(ctx, in)
	}).Unwrap()
}

func (m *meteredDisputes) ApplySplit(ctx context.Context, disputeID string) error {
	return metrics.ObserveErr(ctx, m.rec, "disputes", "apply_split", func(ctx context.Context) error {
		return m.next.ApplySplit(ctx, disputeID)
	})
}

type meteredPayouts struct {
	next Payouts
	rec  *metrics.Recorder
}

// MeteredPayouts decorates a Payouts with metrics.
func MeteredPayouts(next Payouts, rec *metrics.Recorder) Payouts {
	return &meteredPayouts{next: next, rec: rec}
}

func (m *meteredPayouts) AddBankAccount(ctx context.Context, in BankAccountInput) (store.BankAccount, error) {
	return metrics.Observe(ctx, m.rec, "payouts", "add_bank_account", func(ctx context.Context) (store.BankAccount, error) {
		return m.next.AddBankAccount(ctx, in)
	}).Unwrap()
}

func (m *meteredPayouts) SetDefaultBankAccount(ctx context.Context, freelancerID, bankAccountID string) (store.BankAccount, error) {
	return metrics.Observe(ctx, m.rec, "payouts", "set_default_bank_account", func(ctx context.Context) (store.BankAccount, error) {
		return m.next.SetDefaultBankAccount(ctx, freelancerID, bankAccountID)
	}).Unwrap()
}

func (m *meteredPayouts) RequestPayout(ctx context.Context, in PayoutInput) (store.Payout, error) {
	return metrics.Observe(ctx, m.rec, "payouts", "request", func(ctx context.Context) (store.Payout, error) {
		return m.next.RequestPayout(ctx, in)
	}).Unwrap()
}

func (m *meteredPayouts) RetryPayout(ctx context.Context, in RetryPayoutInput) (store.Payout, error) {
	return metrics.Observe(ctx, m.rec, "payouts", "retry", func(ctx context.Context) (store.Payout, error) {
		return m.next.RetryPayout(ctx, in)
	}).Unwrap()
}

func (m *meteredPayouts) Dispatch(ctx context.Context, payoutID string) error {
	return metrics.ObserveErr(ctx, m.rec, "payouts", "dispatch", func(ctx context.Context) error {
		return m.next.Dispatch(ctx, payoutID)
	})
}

func (m *meteredPayouts) ReconcileSubmitted(ctx context.Context, now time.Time) (int, error) {
	return metrics.Observe(ctx, m.rec, "payouts", "reconcile", func(ctx context.Context) (int, error) {
		return m.next.ReconcileSubmitted(ctx, now)
	}).Unwrap()
}

func (m *meteredPayouts) HandleProviderEvent(ctx context.Context, ev payouts.Event) error {
	return metrics.ObserveErr(ctx, m.rec, "payouts", "provider_event", func(ctx context.Context) error {
		return m.next.HandleProviderEvent(ctx, ev)
	})
}

type meteredFX struct {
	next FX
	rec  *metrics.Recorder
}

// MeteredFX decorates an FX with metrics.
func MeteredFX(next FX, rec *metrics.Recorder) FX { return &meteredFX{next: next, rec: rec} }

func (m *meteredFX) CreateQuote(ctx context.Context, in QuoteInput) (store.FxQuote, error) {
	return metrics.Observe(ctx, m.rec, "fx", "quote", func(ctx context.Context) (store.FxQuote, error) {
		return m.next.CreateQuote(ctx, in)
	}).Unwrap()
}

func (m *meteredFX) AcceptQuote(ctx context.Context, quoteID string) (store.FxConversion, error) {
	return metrics.Observe(ctx, m.rec, "fx", "accept", func(ctx context.Context) (store.FxConversion, error) {
		return m.next.AcceptQuote(ctx, quoteID)
	}).Unwrap()
}

func (m *meteredFX) ExpireQuotes(ctx context.Context, now time.Time) (int64, error) {
	return metrics.Observe(ctx, m.rec, "fx", "expire", func(ctx context.Context) (int64, error) {
		return m.next.ExpireQuotes(ctx, now)
	}).Unwrap()
}

type meteredTax struct {
	next Tax
	rec  *metrics.Recorder
}

// MeteredTax decorates a Tax with metrics.
func MeteredTax(next Tax, rec *metrics.Recorder) Tax { return &meteredTax{next: next, rec: rec} }

func (m *meteredTax) RequestForm(ctx context.Context, in TaxFormInput) (store.TaxFormRequest, error) {
	return metrics.Observe(ctx, m.rec, "tax", "request_form", func(ctx context.Context) (store.TaxFormRequest, error) {
		return m.next.RequestForm(ctx, in)
	}).Unwrap()
}

func (m *meteredTax) SendFormRequest(ctx context.Context, requestID string) error {
	return metrics.ObserveErr(ctx, m.rec, "tax", "send_form", func(ctx context.Context) error {
		return m.next.SendFormRequest(ctx, requestID)
	})
}

func (m *meteredTax) HandleFormEvent(ctx context.Context, ev FormEvent) error {
	return metrics.ObserveErr(ctx, m.rec, "tax", "form_event", func(ctx context.Context) error {
		return m.next.HandleFormEvent(ctx, ev)
	})
}
