package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/platform/database"
)

// FeeRepo persists fee accruals and sweeps.
type FeeRepo interface {
	Accrue(ctx context.Context, a *FeeAccrual) error
	AccrueOnce(ctx context.Context, a *FeeAccrual) (bool, error)
	Unswept(ctx context.Context, asset string, limit int) ([]FeeAccrual, error)
	MarkSwept(ctx context.Context, sweepID string, accrualIDs []string) (int64, error)
	InsertSweep(ctx context.Context, s *FeeSweep) error
}

type feeRepo struct{ db bun.IDB }

func (r *feeRepo) Accrue(ctx context.Context, a *FeeAccrual) error {
	_, err := r.db.NewInsert().Model(a).Exec(ctx)
	return err
}

func (r *feeRepo) AccrueOnce(ctx context.Context, a *FeeAccrual) (bool, error) {
	res, err := r.db.NewInsert().Model(a).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *feeRepo) Unswept(ctx context.Context, asset string, limit int) ([]FeeAccrual, error) {
	var out []FeeAccrual
	err := r.db.NewSelect().Model(&out).
		Where("asset = ?", asset).
		Where("sweep_id IS NULL").
		Order("accrued_at ASC").
		Limit(limit).
		Scan(ctx)
	return out, err
}

func (r *feeRepo) MarkSwept(ctx context.Context, sweepID string, accrualIDs []string) (int64, error) {
	res, err := r.db.NewUpdate().Model((*FeeAccrual)(nil)).
		Set("sweep_id = ?", sweepID).
		Where("id IN (?)", bun.In(accrualIDs)).
		Where("sweep_id IS NULL").
		Exec(ctx)
	if err != nil {
		return 0, err
	}
	return database.RowsAffected(res), nil
}

func (r *feeRepo) InsertSweep(ctx context.Context, s *FeeSweep) error {
	_, err := r.db.NewInsert().Model(s).Exec(ctx)
	return err
}

// ReconRepo persists reconciliation runs and breaks.
type ReconRepo interface {
	StartRun(ctx context.Context, run *ReconRun) error
	FinishRun(ctx context.Context, id string, matched, breaks int) error
	InsertBreak(ctx context.Context, b *ReconBreak) error
}

type reconRepo struct{ db bun.IDB }

func (r *reconRepo) StartRun(ctx context.Context, run *ReconRun) error {
	_, err := r.db.NewInsert().Model(run).
		On("CONFLICT (id) DO UPDATE").
		Set("status = EXCLUDED.status").
		Set("started_at = EXCLUDED.started_at").
		Exec(ctx)
	return err
}

func (r *reconRepo) FinishRun(ctx context.Context, id string, matched, breaks int) error {
	now := time.Now().UTC()
	_, err := r.db.NewUpdate().Model((*ReconRun)(nil)).
		Set("status = 'completed'").
		Set("matched = ?", matched).
		Set("breaks = ?", breaks).
		Set("finished_at = ?", now).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *reconRepo) InsertBreak(ctx context.Context, b *ReconBreak) error {
	_, err := r.db.NewInsert().Model(b).Exec(ctx)
	return err
}
