package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/riverqueue/river"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// ExpiryOrders is the order access used by the expiry sweep.
type ExpiryOrders interface {
	LockExpirable(ctx context.Context, cutoff time.Time, limit int) ([]domain.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
}

// ExpirySlots releases slot capacity.
type ExpirySlots interface {
	Release(ctx context.Context, slotID int64) error
}

// ExpiryRuns is the sweep audit log.
type ExpiryRuns interface {
	Record(ctx context.Context, runID string, cutoff time.Time, expired int) error
}

// ExpireUnpaidWorker expires orders that were never paid and frees their
// slot capacity.
type ExpireUnpaidWorker struct {
	river.WorkerDefaults[ExpireUnpaidArgs]

	Tx        pg.TxManager
	Orders    ExpiryOrders
	Slots     ExpirySlots
	Runs      ExpiryRuns
	Log       *slog.Logger
	TTL       time.Duration
	BatchSize int
}

// Work runs one sweep. Serialization failures are retried in-process with
// the same run id.
func (w *ExpireUnpaidWorker) Work(ctx context.Context, job *river.Job[ExpireUnpaidArgs]) error {
	runID := ids.NewULID()
	cutoff := time.Now().Add(-w.TTL)

	var (
		expired int
		err     error
	)
	for attempt := 1; attempt <= 3; attempt++ {
		expired, err = w.sweep(ctx, runID, cutoff)
		if err == nil || !retryableTxError(err) {
			break
		}
		w.Log.WarnContext(ctx, "expiry sweep conflict, retrying", "run_id", runID, "attempt", attempt)
	}
	if err != nil {
		return err
	}
	w.Log.InfoContext(ctx, "expiry sweep done", "run_id", runID, "expired", expired, "job_id", job.ID)
	return nil
}

func (w *ExpireUnpaidWorker) sweep(ctx context.Context, runID string, cutoff time.Time) (int, error) {
	return pg.WithTxResult(ctx, w.Tx, func(ctx context.Context) (int, error) {
		orders, err := w.Orders.LockExpirable(ctx, cutoff, w.BatchSize)
		if err != nil {
			return 0, err
		}
		for _, o := range orders {
			if err := w.Orders.SetStatus(ctx, o.ID, domain.OrderExpired); err != nil {
				return 0, err
			}
			if err := w.Slots.Release(ctx, o.SlotID); err != nil {
				return 0, err
			}
		}
		if err := w.Runs.Record(ctx, runID, cutoff, len(orders)); err != nil {
			return 0, err
		}
		return len(orders), nil
	})
}

func retryableTxError(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}
