// Package reimburse pays volunteer drivers for the miles they logged. It
// runs as a weekly batch (cmd/reimburse) and is rerun by the scheduler
// when a run fails.
package reimburse

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
	"github.com/carelift-health/nemt/internal/provider/payrail"
	"github.com/carelift-health/nemt/internal/repo"
)

type PayoutStore interface {
	OpenBatch(ctx context.Context, b *models.PayoutBatch) (*models.PayoutBatch, error)
	Insert(ctx context.Context, p *models.Payout) error
}

type MileageStore interface {
	Unpaid(ctx context.Context, before time.Time) ([]repo.DriverMileage, error)
	AttachPayout(ctx context.Context, driverID, payoutID uuid.UUID, before time.Time) error
}

type Rail interface {
	SendTransfer(ctx context.Context, t payrail.Transfer) (string, error)
}

type Runner struct {
	tx      database.Transactor
	payouts PayoutStore
	mileage MileageStore
	rail    Rail
	log     *slog.Logger

	// retryOpts tunes the transfer retries; tests shorten the delays.
	retryOpts []retry.Option
}

func NewRunner(tx database.Transactor, payouts PayoutStore, mileage MileageStore, rail Rail, log *slog.Logger) *Runner {
	return &Runner{
		tx: tx, payouts: payouts, mileage: mileage, rail: rail, log: log,
		retryOpts: []retry.Option{
			retry.Attempts(4),
			retry.Delay(2 * time.Second),
			retry.DelayType(retry.BackOffDelay),
			retry.RetryIf(payrail.Transient),
			retry.LastErrorOnly(true),
		},
	}
}

type Summary struct {
	BatchID   uuid.UUID
	Run       int
	Paid      int
	Failed    int
	PaidCents int64
}

// ErrPartial is returned when some drivers could not be paid.
var ErrPartial = errors.New("some transfers failed")

// Run pays every volunteer the mileage they logged before periodEnd.
func (r *Runner) Run(ctx context.Context, periodStart, periodEnd time.Time) (Summary, error) {
	batch, err := r.payouts.OpenBatch(ctx, &models.PayoutBatch{
		ID:          uuid.New(),
		PeriodStart: periodStart,
		PeriodEnd:   periodEnd,
		RunCount:    1,
	})
	if err != nil {
		return Summary{}, fmt.Errorf("open batch: %w", err)
	}
	sum := Summary{BatchID: batch.ID, Run: batch.RunCount}

	owed, err := r.mileage.Unpaid(ctx, periodEnd)
	if err != nil {
		return sum, fmt.Errorf("load unpaid mileage: %w", err)
	}
	r.log.Info("reimbursement batch", "batch", batch.ID, "run", batch.RunCount, "drivers", len(owed))

	for _, m := range owed {
		if m.AmountCents <= 0 || m.PayoutAccountID == "" {
			continue
		}
		if err := r.payDriver(ctx, batch, m, periodEnd); err != nil {
			r.log.Error("mileage payout failed", "driver", m.DriverID, "err", err)
			sum.Failed++
			continue
		}
		sum.Paid++
		sum.PaidCents += m.AmountCents
	}
	if sum.Failed > 0 {
		return sum, fmt.Errorf("%w: %d of %d", ErrPartial, sum.Failed, sum.Failed+sum.Paid)
	}
	return sum, nil
}

func (r *Runner) payDriver(ctx context.Context, batch *models.PayoutBatch, m repo.DriverMileage, cutoff time.Time) error {
	transfer := payrail.Transfer{
		AccountID:   m.PayoutAccountID,
		AmountCents: m.AmountCents,
		Memo:        fmt.Sprintf("CareLift mileage %s (%d mi)", batch.PeriodStart.Format("2006-01-02"), m.Miles),
	}
	opts := append([]retry.Option{retry.Context(ctx)}, r.retryOpts...)
	transferID, err := retry.DoWithData(func() (string, error) {
		return r.rail.SendTransfer(ctx, transfer)
	}, opts...)
	if err != nil {
		return fmt.Errorf("transfer: %w", err)
	}

	return r.tx.WithinTx(ctx, func(ctx context.Context) error {
		p := &models.Payout{
			ID:                 uuid.New(),
			BatchID:            batch.ID,
			DriverID:           m.DriverID,
			AmountCents:        m.AmountCents,
			Miles:              m.Miles,
			ProviderTransferID: transferID,
		}
		if err := r.payouts.Insert(ctx, p); err != nil {
			return err
		}
		return r.mileage.AttachPayout(ctx, m.DriverID, p.ID, cutoff)
	})
}
