package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

// SettleWorker settles one franchise-night: it credits the franchise's
// balance with its share of lodging revenue and creates the payout.
type SettleWorker struct {
	river.WorkerDefaults[jobs.SettleFranchise]

	db       *bun.DB
	dir      owners.Directory
	queue    queue.Enqueuer
	currency string
	log      *slog.Logger
}

// NewSettleWorker returns the worker.
func NewSettleWorker(db *bun.DB, dir owners.Directory, q queue.Enqueuer, currency string, log *slog.Logger) *SettleWorker {
	return &SettleWorker{db: db, dir: dir, queue: q, currency: currency, log: log}
}

// Work implements river.Worker.
func (w *SettleWorker) Work(ctx context.Context, job *river.Job[jobs.SettleFranchise]) error {
	night, err := time.Parse("2006-01-02", job.Args.Night)
	if err != nil {
		return river.JobCancel(err)
	}
	fr, err := w.dir.Franchise(ctx, job.Args.FranchiseID)
	if err != nil {
		return err
	}

	var gross, fee, net int64
	var locations int
	err = w.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var snaps []Snapshot
		err := tx.NewSelect().Model(&snaps).
			Where("franchise_id = ? AND night = ? AND settled_at IS NULL", fr.ID, night).
			For("UPDATE").
			Scan(ctx)
		if err != nil {
			return err
		}
		locations = len(snaps)
		if locations == 0 {
			return nil
		}
		for _, s := range snaps {
			gross += s.LodgingCents
		}
		fee, net = Split(gross, fr.PlatformFeeBps)

		entry := &LedgerEntry{
			ID:          ids.Prefixed("fl"),
			FranchiseID: fr.ID,
			Night:       night,
			DeltaCents:  net,
			Memo:        fmt.Sprintf("lodging %s: gross %d, fee %d", job.Args.Night, gross, fee),
		}
		if _, err := tx.NewInsert().Model(entry).Exec(ctx); err != nil {
			return err
		}
		_, err = tx.NewRaw(`
			INSERT INTO franchise_balances (franchise_id, balance_cents) VALUES (?, ?)
			ON CONFLICT (franchise_id) DO UPDATE
			SET balance_cents = franchise_balances.balance_cents + EXCLUDED.balance_cents,
			    updated_at = now()`, fr.ID, net).Exec(ctx)
		return err
	})
	if err != nil {
		return err
	}
	if locations == 0 {
		w.log.Info("nothing to settle", "franchise", fr.ID, "night", job.Args.Night)
		return nil
	}

	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()

	st := &Settlement{
		ID:          ids.Prefixed("stl"),
		FranchiseID: fr.ID,
		Night:       night,
		GrossCents:  gross,
		FeeCents:    fee,
		NetCents:    net,
	}
	res, err := tx.NewInsert().Model(st).On("CONFLICT (franchise_id, night) DO NOTHING").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return tx.Commit()
	}
	_, err = tx.NewUpdate().Model((*Snapshot)(nil)).
		Set("settled_at = now()").
		Set("settlement_id = ?", st.ID).
		Where("franchise_id = ? AND night = ? AND settled_at IS NULL", fr.ID, night).
		Exec(ctx)
	if err != nil {
		return err
	}
	if net > 0 {
		p := &Payout{
			ID:           ids.Prefixed("po"),
			SettlementID: st.ID,
			FranchiseID:  fr.ID,
			AmountCents:  net,
			Currency:     w.currency,
			Status:       PayoutPending,
		}
		if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
			return err
		}
		if _, err := w.queue.InsertTx(ctx, tx, jobs.PayFranchise{PayoutID: p.ID}, nil); err != nil {
			return err
		}
	}
	return tx.Commit()
}
