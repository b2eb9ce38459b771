package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/sealpoint-labs/notary/internal/payments"
)

type Transferer interface {
	Payout(ctx context.Context, req payments.PayoutRequest, opts ...payments.CallOption) (*payments.Payout, error)
}

// Job pays every notary their unpaid earnings for a closed month. The
// scheduler runs it on the 2nd of each month and reruns it on failure.
type Job struct {
	Repo Repository
	Pay  Transferer
	Log  *slog.Logger
}

// PreviousMonth is the calendar month before now (UTC) and its end.
func PreviousMonth(now time.Time) (string, time.Time) {
	end := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return end.AddDate(0, -1, 0).Format("2006-01"), end
}

func (j *Job) Run(ctx context.Context, now time.Time) error {
	period, end := PreviousMonth(now)
	owed, err := j.Repo.NotariesOwed(ctx, end)
	if err != nil {
		return fmt.Errorf("load balances: %w", err)
	}
	for _, notaryID := range owed {
		if _, err := j.Repo.EnsurePayout(ctx, notaryID, period, uuid.NewString(), end); err != nil {
			return fmt.Errorf("ensure payout for %s: %w", notaryID, err)
		}
	}

	// Pay everything still pending for the period, including payouts a
	// previous run created but did not finish.
	open, err := j.Repo.OpenPayouts(ctx, period)
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range open {
		res, err := j.Pay.Payout(ctx, payments.PayoutRequest{
			Destination: p.Account,
			AmountCents: p.AmountCents,
			Currency:    "usd",
			Statement:   "SealPoint " + p.Period,
		}, payments.WithIdempotencyKey("payout-"+p.ID))
		if err == nil {
			err = j.Repo.MarkPaid(ctx, p.ID, res.ID)
		}
		if err != nil {
			j.Log.Error("payout failed", "payout", p.ID, "notary", p.NotaryID, "err", err)
			errs = append(errs, err)
		}
	}
	j.Log.Info("payout run finished", "period", period, "payouts", len(open), "failed", len(errs))
	return errors.Join(errs...)
}
