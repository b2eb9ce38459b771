package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// Ledger accounts.
const (
	AccountCourtFeesRemitted = "court_fees_remitted"
	AccountServiceFeeRevenue = "service_fee_revenue"
)

// Reconciliation item statuses.
const (
	ReconMatched    = "matched"
	ReconShortfall  = "shortfall"
	ReconReturned   = "returned"
	ReconUnmatched  = "unmatched"
	ReconNoPayment  = "no_payment"
	ReconNotCharged = "not_captured"
)

// ReconcileSummary counts what a run did.
type ReconcileSummary struct {
	Lines       int
	Matched     int
	Adjustments int
	Refunds     int
	Unmatched   int
}

// Reconciler matches the gateway's daily fee ledger against what we
// collected, books remittances, queues shortfall charges and refunds fees the
// court returned.
type Reconciler struct {
	store *store.Store
	gw    CourtGateway
	fees  FeeProcessor
	jobs  jobs.Inserter
	log   *slog.Logger
}

// NewReconciler returns the reconciler.
func NewReconciler(s *store.Store, gw CourtGateway, fees FeeProcessor, j jobs.Inserter, log *slog.Logger) *Reconciler {
	return &Reconciler{store: s, gw: gw, fees: fees, jobs: j, log: log}
}

// Run reconciles one ledger day. It stops at the first line that fails so
// the job exits non-zero and is rerun.
func (r *Reconciler) Run(ctx context.Context, day time.Time) (ReconcileSummary, error) {
	var sum ReconcileSummary
	lines, err := r.gw.FeeLedger(ctx, day)
	if err != nil {
		return sum, fmt.Errorf("fetch ledger: %w", err)
	}
	for _, line := range lines {
		sum.Lines++
		if err := r.reconcileLine(ctx, day, line, &sum); err != nil {
			return sum, fmt.Errorf("ledger line %s: %w", line.Ref, err)
		}
	}
	return sum, nil
}

func (r *Reconciler) reconcileLine(ctx context.Context, day time.Time, line gateway.LedgerLine, sum *ReconcileSummary) error {
	f, err := r.store.GetFilingByEnvelope(ctx, line.EnvelopeID)
	if errors.Is(err, pgx.ErrNoRows) {
		sum.Unmatched++
		r.log.WarnContext(ctx, "ledger line for unknown envelope", "ref", line.Ref, "envelope", line.EnvelopeID)
		return r.recordItem(ctx, day, line, 0, ReconUnmatched)
	}
	if err != nil {
		return err
	}
	pay, err := r.store.GetLiveFeePayment(ctx, f.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		sum.Unmatched++
		return r.recordItem(ctx, day, line, f.CourtFeeCents, ReconNoPayment)
	}
	if err != nil {
		return err
	}

	switch line.Type {
	case "fee_assessed":
		if line.AmountCents > f.CourtFeeCents {
			if err := r.recordItem(ctx, day, line, f.CourtFeeCents, ReconShortfall); err != nil {
				return err
			}
			sum.Adjustments++
			return r.queueAdjustment(ctx, f, line)
		}
		if pay.Status != "succeeded" {
			return r.recordItem(ctx, day, line, f.CourtFeeCents, ReconNotCharged)
		}
		if err := r.recordItem(ctx, day, line, f.CourtFeeCents, ReconMatched); err != nil {
			return err
		}
		sum.Matched++
		if pay.ReconciledAt != nil {
			return nil
		}
		return r.postRemittance(ctx, f, pay, line)

	case "fee_returned":
		if err := r.recordItem(ctx, day, line, f.CourtFeeCents, ReconReturned); err != nil {
			return err
		}
		if pay.Status != "succeeded" {
			return nil
		}
		sum.Refunds++
		return r.refundReturnedFee(ctx, pay, line)

	default:
		r.log.WarnContext(ctx, "unknown ledger line type", "ref", line.Ref, "type", line.Type)
		return nil
	}
}

func (r *Reconciler) recordItem(ctx context.Context, day time.Time, line gateway.LedgerLine, collected int64, status string) error {
	_, err := r.store.UpsertReconciliationItem(ctx, db.UpsertReconciliationItemParams{
		ID:             uuid.New(),
		RunDate:        day,
		LedgerRef:      line.Ref,
		EnvelopeID:     line.EnvelopeID,
		CourtFeeCents:  line.AmountCents,
		CollectedCents: collected,
		Status:         status,
	})
	return err
}

// queueAdjustment records the shortfall once per ledger line and queues the
// charge with it.
func (r *Reconciler) queueAdjustment(ctx context.Context, f db.Filing, line gateway.LedgerLine) error {
	return r.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		id, inserted, err := q.InsertFeeAdjustment(ctx, uuid.New(), f.ID, line.Ref, line.AmountCents-f.CourtFeeCents)
		if err != nil || !inserted {
			return err
		}
		_, err = r.jobs.InsertTx(ctx, tx, jobs.ChargeFeeAdjustmentArgs{AdjustmentID: id}, nil)
		return err
	})
}

// postRemittance books the court's share and our envelope fee against the
// captured payment.
func (r *Reconciler) postRemittance(ctx context.Context, f db.Filing, pay db.Payment, line gateway.LedgerLine) error {
	memo := fmt.Sprintf("%s envelope %s ledger %s", f.CourtCode, line.EnvelopeID, line.Ref)
	if err := r.store.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          uuid.New(),
		PaymentID:   pay.ID,
		Account:     AccountCourtFeesRemitted,
		AmountCents: line.AmountCents,
		Memo:        memo,
	}); err != nil {
		return err
	}
	if err := r.store.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          uuid.New(),
		PaymentID:   pay.ID,
		Account:     AccountServiceFeeRevenue,
		AmountCents: pay.AmountCents - line.AmountCents,
		Memo:        memo,
	}); err != nil {
		return err
	}
	return r.store.MarkPaymentReconciled(ctx, pay.ID)
}

// refundReturnedFee passes a fee the court returned (waiver granted, filing
// struck) back to the firm's card.
func (r *Reconciler) refundReturnedFee(ctx context.Context, pay db.Payment, line gateway.LedgerLine) error {
	ref, err := r.fees.Refund(ctx, pay.PaymentIntentID, line.AmountCents, "court-return/"+line.Ref)
	if err != nil {
		return err
	}
	return r.store.InsertRefund(ctx, db.InsertRefundParams{
		ID:             uuid.New(),
		PaymentID:      pay.ID,
		StripeRefundID: ref.ID,
		AmountCents:    ref.AmountCents,
		Reason:         "court_returned_fee",
	})
}
