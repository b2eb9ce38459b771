package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// ReconciliationService matches a day of Stripe balance transactions
// against what we believe we captured, refunded and transferred.
type ReconciliationService struct {
	base
	store    ports.Store
	payments ports.PaymentProvider
}

func NewReconciliationService(store ports.Store, payments ports.PaymentProvider, log *slog.Logger, opts ...Option) *ReconciliationService {
	return &ReconciliationService{base: newBase(log.With("svc", "reconcile"), opts), store: store, payments: payments}
}

// RunForDate reconciles the UTC day containing day. A failed run is
// simply run again for the same date.
func (s *ReconciliationService) RunForDate(ctx context.Context, day time.Time) (domain.ReconRun, error) {
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 0, 1)
	run, err := s.store.StartRun(ctx, s.newID(), from, s.now())
	if err != nil {
		return domain.ReconRun{}, fmt.Errorf("start run %s: %w", from.Format("2006-01-02"), err)
	}
	txns, err := s.payments.ListBalanceTransactions(ctx, from, to)
	if err != nil {
		return run, err
	}
	var mismatches int32
	for _, bt := range txns {
		mm, err := s.match(ctx, bt)
		if err != nil {
			return run, err
		}
		if _, err := s.store.InsertReconLine(ctx, domain.ReconLine{
			BalanceTxnID: bt.ID,
			RunID:        run.ID,
			TxnType:      bt.Type,
			SourceID:     bt.SourceID,
			AmountCents:  bt.AmountCents,
			FeeCents:     bt.FeeCents,
			NetCents:     bt.NetCents,
			Currency:     bt.Currency,
			Matched:      mm == nil,
		}); err != nil {
			return run, err
		}
		if mm == nil {
			continue
		}
		mm.RunID = run.ID
		if err := s.store.InsertMismatch(ctx, *mm); err != nil {
			return run, err
		}
		mismatches++
	}
	if err := s.store.FinishRun(ctx, run.ID, int32(len(txns)), mismatches, s.now()); err != nil {
		return run, err
	}
	run.TxnCount, run.MismatchCount, run.Status = int32(len(txns)), mismatches, "completed"
	s.log.InfoContext(ctx, "reconciliation finished", "date", from.Format("2006-01-02"), "txns", len(txns), "mismatches", mismatches)
	return run, nil
}

// match returns nil when bt agrees with our records, or the mismatch.
func (s *ReconciliationService) match(ctx context.Context, bt domain.BalanceTxn) (*domain.Mismatch, error) {
	switch bt.Type {
	case "charge", "payment":
		op, err := s.store.FindCaptureByPaymentIntent(ctx, bt.PaymentIntentID)
		if errors.Is(err, domain.ErrNotFound) {
			return mismatch(bt, domain.MismatchUnknownCharge, nil, "no capture recorded for "+bt.PaymentIntentID), nil
		}
		if err != nil {
			return nil, err
		}
		if op.AmountCents != bt.AmountCents {
			return mismatch(bt, domain.MismatchAmount, &op.AmountCents, "capture "+op.OperationKey), nil
		}
	case "refund", "payment_refund":
		ref, err := s.store.GetRefundByStripeID(ctx, bt.SourceID)
		if errors.Is(err, domain.ErrNotFound) {
			return mismatch(bt, domain.MismatchUnknownRefund, nil, "no refund row for "+bt.SourceID), nil
		}
		if err != nil {
			return nil, err
		}
		if ref.AmountCents != -bt.AmountCents {
			expected := -ref.AmountCents
			return mismatch(bt, domain.MismatchAmount, &expected, "refund "+ref.ID.String()), nil
		}
	case "transfer":
		p, err := s.store.GetPayoutByTransfer(ctx, bt.SourceID)
		if errors.Is(err, domain.ErrNotFound) {
			return mismatch(bt, domain.MismatchUnknownTransfer, nil, "no payout for "+bt.SourceID), nil
		}
		if err != nil {
			return nil, err
		}
		if p.AmountCents != -bt.AmountCents {
			expected := -p.AmountCents
			return mismatch(bt, domain.MismatchAmount, &expected, "payout "+p.ID.String()), nil
		}
	}
	return nil, nil
}

func mismatch(bt domain.BalanceTxn, kind domain.MismatchKind, expected *int64, detail string) *domain.Mismatch {
	return &domain.Mismatch{
		BalanceTxnID:  bt.ID,
		Kind:          kind,
		ExpectedCents: expected,
		ActualCents:   bt.AmountCents,
		Detail:        detail,
	}
}
