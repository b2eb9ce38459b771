package holds

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/store"
)

const expireBatch = 200

// ExpireWorker is the periodic sweep that returns seats of lapsed holds to
// inventory. Each batch is one transaction; re-running a batch is harmless
// because only holds still 'active' are picked.
type ExpireWorker struct {
	river.WorkerDefaults[jobs.ExpireHoldsArgs]
	Tx  store.TxRunner
	Now func() time.Time
}

func (w *ExpireWorker) Work(ctx context.Context, job *river.Job[jobs.ExpireHoldsArgs]) error {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	total := 0
	for {
		var n int
		err := w.Tx.InTx(ctx, func(q db.Querier) error {
			ids, err := q.ExpireHolds(ctx, now(), expireBatch)
			if err != nil {
				return err
			}
			for _, id := range ids {
				if _, err := q.FreeHoldSeats(ctx, id); err != nil {
					return err
				}
			}
			n = len(ids)
			return nil
		})
		if err != nil {
			return err
		}
		total += n
		if n < expireBatch {
			break
		}
	}
	if total > 0 {
		slog.InfoContext(ctx, "expired holds", "count", total, "job_id", job.ID)
	}
	return nil
}
