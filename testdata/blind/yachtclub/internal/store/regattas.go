package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type RegattaRepo struct{}

func (RegattaRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.Regatta, error) {
	return selectOne[domain.Regatta](ctx, db, "regatta", "id = ?", id)
}

func (RegattaRepo) CountEntries(ctx context.Context, db bun.IDB, regattaID string) (int, error) {
	n, err := db.NewSelect().Model((*domain.RegattaEntry)(nil)).
		Where("regatta_id = ?", regattaID).
		Where("status = 'entered'").
		Count(ctx)
	return int(n), err
}

func (RegattaRepo) InsertEntry(ctx context.Context, db bun.IDB, e *domain.RegattaEntry) error {
	_, err := db.NewInsert().Model(e).Exec(ctx)
	return err
}

func (RegattaRepo) GetEntry(ctx context.Context, db bun.IDB, regattaID, entryID string) (*domain.RegattaEntry, error) {
	return selectOne[domain.RegattaEntry](ctx, db, "regatta entry", "regatta_id = ? AND id = ?", regattaID, entryID)
}

func (RegattaRepo) EntryBySail(ctx context.Context, db bun.IDB, regattaID, sail string) (*domain.RegattaEntry, error) {
	return selectOne[domain.RegattaEntry](ctx, db, "regatta entry",
		"regatta_id = ? AND sail_number = ? AND status = 'entered'", regattaID, sail)
}

// Withdraw marks an entry withdrawn; false means it was not entered.
func (RegattaRepo) Withdraw(ctx context.Context, db bun.IDB, regattaID, entryID string, at time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.RegattaEntry)(nil)).
		Set("status = 'withdrawn'").
		Set("withdrawn_at = ?", at).
		Where("regatta_id = ? AND id = ?", regattaID, entryID).
		Where("status = 'entered'").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// UpsertResult stores the scorer's latest view of a race finish. Re-scored
// races overwrite the previous row.
func (RegattaRepo) UpsertResult(ctx context.Context, db bun.IDB, r *domain.RegattaResult) error {
	_, err := db.NewInsert().Model(r).
		On("CONFLICT (regatta_id, entry_id, race_number) DO UPDATE").
		Set("finish_seconds = EXCLUDED.finish_seconds").
		Set("corrected_seconds = EXCLUDED.corrected_seconds").
		Set("place = EXCLUDED.place").
		Set("code = EXCLUDED.code").
		Set("scored_at = EXCLUDED.scored_at").
		Where("regatta_results.scored_at <= EXCLUDED.scored_at").
		Exec(ctx)
	return err
}
