// Package collections runs the daily instalment collection and the
// charge-off of long-delinquent loans.
package collections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/cards"
	"github.com/brightpay/lending/internal/repo"
	"github.com/brightpay/lending/internal/schedule"
)

type Service interface {
	RunDaily(ctx context.Context, runDate time.Time) (Summary, error)
	ChargeOff(ctx context.Context, runDate time.Time) (int, error)
}

type service struct {
	store         repo.Store
	cards         cards.Processor
	log           *zap.Logger
	chargeOffDays int
}

func New(store repo.Store, cp cards.Processor, log *zap.Logger) Service {
	return &service{store: store, cards: cp, log: log, chargeOffDays: 90}
}

// RunDaily charges every autopay instalment due on or before runDate.
func (s *service) RunDaily(ctx context.Context, runDate time.Time) (Summary, error) {
	r := newRun(runDate)
	due, err := s.store.Loans().ListDueForCollection(ctx, schedule.Date(runDate))
	if err != nil {
		return r.summary, err
	}
	for _, d := range due {
		if ctx.Err() != nil {
			return r.summary, ctx.Err()
		}
		if d.OutstandingCents <= 0 || !d.StripeCustomerID.Valid {
			continue
		}
		r.summary.Attempted++
		if err := s.collect(ctx, r, d); err != nil {
			r.summary.Errors++
			s.log.Error("collection failed", zap.String("instalment_id", d.InstalmentID), zap.Error(err))
		}
	}
	s.log.Info("collections run finished",
		zap.Time("run_date", runDate),
		zap.Int("attempted", r.summary.Attempted),
		zap.Int("collected", r.summary.Collected),
		zap.Int("declined", r.summary.Declined),
		zap.Int("errors", r.summary.Errors))
	if r.summary.Errors > 0 {
		return r.summary, fmt.Errorf("collections run %s: %d of %d instalments failed",
			runDate.Format("2006-01-02"), r.summary.Errors, r.summary.Attempted)
	}
	return r.summary, nil
}

func (s *service) collect(ctx context.Context, r *run, d db.DueInstalment) error {
	res, err := s.cards.Charge(ctx, r.chargeRequest(d))
	if err != nil {
		return err
	}
	if res.Status == "declined" {
		r.summary.Declined++
		return s.store.Loans().MarkInstalmentOverdue(ctx, d.InstalmentID)
	}
	_, err = s.store.Payments().InsertPayment(ctx, db.InsertPaymentParams{
		ID:              ids.New("pay"),
		LoanID:          d.LoanID,
		Kind:            "collection",
		AmountCents:     d.OutstandingCents,
		Currency:        d.Currency,
		PaymentMethodID: d.AutopayPm,
		Status:          "processing",
		ProcessorRef:    pgtype.Text{String: res.PaymentIntentID, Valid: true},
	})
	if err != nil {
		return fmt.Errorf("record collection payment: %w", err)
	}
	r.summary.Collected++
	return nil
}

// ChargeOff writes off loans with an instalment overdue for more than the
// charge-off period.
func (s *service) ChargeOff(ctx context.Context, runDate time.Time) (int, error) {
	cutoff := schedule.Date(runDate.AddDate(0, 0, -s.chargeOffDays))
	cands, err := s.store.Loans().ListChargeOffCandidates(ctx, cutoff, 500)
	if err != nil {
		return 0, err
	}
	loans := s.store.Loans()
	count := 0
	for _, c := range cands {
		n, err := loans.MarkLoanChargedOff(ctx, c.ID)
		if err != nil {
			return count, err
		}
		if n == 0 {
			continue
		}
		written := c.BalanceCents + c.FeesCents
		if err := loans.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New("le"),
			LoanID:      c.ID,
			EntryType:   "write_off",
			AmountCents: -written,
			Ref:         runDate.Format("2006-01-02"),
		}); err != nil {
			return count, err
		}
		if err := events.Enqueue(ctx, s.store.Outbox(), events.TopicLoanChargedOff, c.ID, events.LoanChargedOff{
			LoanID:       c.ID,
			WrittenOff:   written,
			ChargedOffAt: runDate.Format(time.RFC3339),
		}); err != nil {
			return count, err
		}
		count++
	}
	return count, nil
}
