package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/provider/bankpay"
)

// PayoutSender is the bankpay surface the payout worker needs.
type PayoutSender interface {
	CreatePayout(ctx context.Context, req bankpay.PayoutRequest) (bankpay.Payout, error)
}

// PayoutWorker pays a driver for a closed shift.
type PayoutWorker struct {
	river.WorkerDefaults[DriverPayoutArgs]
	store *db.Store
	bank  PayoutSender
	log   *slog.Logger
}

// NewPayoutWorker builds the worker.
func NewPayoutWorker(store *db.Store, bank *bankpay.Client, log *slog.Logger) *PayoutWorker {
	return &PayoutWorker{store: store, bank: bank, log: log}
}

// Work sends the bank transfer and marks the payout paid.
func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[DriverPayoutArgs]) error {
	p, err := w.store.GetDriverPayout(ctx, job.Args.PayoutID)
	if err != nil {
		if db.IsNotFound(err) {
			return river.JobCancel(fmt.Errorf("payout %s not found", job.Args.PayoutID))
		}
		return err
	}
	if p.Status != "pending" {
		return nil
	}
	driver, err := w.store.GetDriver(ctx, p.DriverID)
	if err != nil {
		return err
	}

	res, err := w.bank.CreatePayout(ctx, bankpay.PayoutRequest{
		ClientReference: uuid.NewString(),
		DestinationRef:  driver.BankAccountRef,
		AmountMinor:     p.AmountCents,
		Currency:        p.Currency,
		Narrative:       "NORTHLINE SHIFT " + p.ShiftID.String()[:8],
	})
	w.recordAttempt(ctx, p.ID, job.Attempt, err)
	if err != nil {
		if job.Attempt >= job.MaxAttempts {
			if _, ferr := w.store.MarkPayoutFailed(ctx, p.ID); ferr != nil {
				w.log.ErrorContext(ctx, "mark payout failed", "payout_id", p.ID, "err", ferr)
			}
		}
		return fmt.Errorf("bank payout: %w", err)
	}

	if _, err := w.store.MarkPayoutPaid(ctx, db.MarkPayoutPaidParams{ID: p.ID, ProviderPayoutID: &res.ID}); err != nil {
		return fmt.Errorf("mark payout paid: %w", err)
	}
	return nil
}

// recordAttempt keeps a row per attempt so support can see what the bank
// said each time. Failures here never fail the job.
func (w *PayoutWorker) recordAttempt(ctx context.Context, payoutID uuid.UUID, attempt int, callErr error) {
	outcome, detail := "accepted", (*string)(nil)
	if callErr != nil {
		msg := callErr.Error()
		outcome, detail = "error", &msg
	}
	if err := w.store.InsertPayoutAttempt(ctx, db.InsertPayoutAttemptParams{
		ID:       uuid.New(),
		PayoutID: payoutID,
		Attempt:  int32(attempt),
		Outcome:  outcome,
		Detail:   detail,
	}); err != nil {
		w.log.WarnContext(ctx, "record payout attempt", "payout_id", payoutID, "err", err)
	}
}
