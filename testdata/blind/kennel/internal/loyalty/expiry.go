package loyalty

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/platform/ids"
)

// ExpiryWorker expires points older than PointsLifetime. It runs daily as
// a periodic job.
type ExpiryWorker struct {
	river.WorkerDefaults[jobs.ExpireLoyalty]

	db  *bun.DB
	log *slog.Logger
}

// NewExpiryWorker returns the worker.
func NewExpiryWorker(db *bun.DB, log *slog.Logger) *ExpiryWorker {
	return &ExpiryWorker{db: db, log: log}
}

type expiredRow struct {
	OwnerID uuid.UUID `bun:"owner_id"`
	Delta   int64     `bun:"delta"`
}

// Work implements river.Worker.
func (w *ExpiryWorker) Work(ctx context.Context, job *river.Job[jobs.ExpireLoyalty]) error {
	return w.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var rows []expiredRow
		err := tx.NewRaw(`
			UPDATE loyalty_ledger SET expired_at = now()
			WHERE expires_at < now() AND expired_at IS NULL AND delta > 0
			RETURNING owner_id, delta`).Scan(ctx, &rows)
		if err != nil {
			return err
		}
		perOwner := map[uuid.UUID]int64{}
		for _, r := range rows {
			perOwner[r.OwnerID] += r.Delta
		}
		now := time.Now().UTC()
		for owner, pts := range perOwner {
			if _, err := tx.NewRaw(
				"UPDATE owners SET loyalty_balance = GREATEST(loyalty_balance - ?, 0) WHERE id = ?", pts, owner,
			).Exec(ctx); err != nil {
				return err
			}
			e := &Entry{ID: ids.UUID(), OwnerID: owner, Delta: -pts, Reason: ReasonExpired, ExpiredAt: &now}
			if _, err := tx.NewInsert().Model(e).Exec(ctx); err != nil {
				return err
			}
		}
		w.log.Info("loyalty expiry", "entries", len(rows), "owners", len(perOwner))
		return nil
	})
}
