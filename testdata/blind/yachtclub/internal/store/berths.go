package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type BerthRepo struct{}

func (BerthRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.Berth, error) {
	return selectOne[domain.Berth](ctx, db, "berth", "id = ?", id)
}

func (BerthRepo) GetForUpdate(ctx context.Context, tx bun.Tx, id string) (*domain.Berth, error) {
	b := new(domain.Berth)
	if err := tx.NewSelect().Model(b).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
		return nil, notFound(err, "berth")
	}
	return b, nil
}

// Transition moves a berth between statuses and reports whether it was in
// one of the expected from states.
func (BerthRepo) Transition(ctx context.Context, db bun.IDB, id, to string, from ...string) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.Berth)(nil)).
		Set("status = ?", to).
		Where("id = ?", id).
		Where("status IN (?)", bun.In(from)).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (BerthRepo) InsertAssignment(ctx context.Context, db bun.IDB, a *domain.BerthAssignment) error {
	_, err := db.NewInsert().Model(a).Exec(ctx)
	return err
}

func (BerthRepo) ActiveAssignment(ctx context.Context, db bun.IDB, berthID string) (*domain.BerthAssignment, error) {
	return selectOne[domain.BerthAssignment](ctx, db, "assignment", "berth_id = ? AND status = 'active'", berthID)
}

func (BerthRepo) LatestAssignment(ctx context.Context, db bun.IDB, berthID string) (*domain.BerthAssignment, error) {
	a := new(domain.BerthAssignment)
	err := db.NewSelect().Model(a).Where("berth_id = ?", berthID).OrderExpr("created_at DESC").Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "assignment")
	}
	return a, nil
}

// EndAssignment closes an active assignment. It reports false if the
// assignment had already ended.
func (BerthRepo) EndAssignment(ctx context.Context, db bun.IDB, id string, on time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.BerthAssignment)(nil)).
		Set("status = 'ended'").
		Set("ends_on = ?", on).
		Where("id = ?", id).
		Where("status = 'active'").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

type WaitlistRepo struct{}

func (WaitlistRepo) Insert(ctx context.Context, db bun.IDB, e *domain.WaitlistEntry) error {
	_, err := db.NewInsert().Model(e).Exec(ctx)
	return err
}

func (WaitlistRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.WaitlistEntry, error) {
	return selectOne[domain.WaitlistEntry](ctx, db, "waitlist entry", "id = ?", id)
}

// Position returns how many waiting entries of the same class joined before e.
func (WaitlistRepo) Position(ctx context.Context, db bun.IDB, e *domain.WaitlistEntry) (int, error) {
	n, err := db.NewSelect().Model((*domain.WaitlistEntry)(nil)).
		Where("berth_class = ?", e.BerthClass).
		Where("status = ?", domain.WaitlistWaiting).
		Where("joined_at < ?", e.JoinedAt).
		Count(ctx)
	return int(n) + 1, err
}

// NextWaiting locks the longest-waiting entry whose boat fits the berth.
func (WaitlistRepo) NextWaiting(ctx context.Context, tx bun.Tx, class string, maxLOA int) (*domain.WaitlistEntry, error) {
	e := new(domain.WaitlistEntry)
	err := tx.NewSelect().Model(e).
		Where("berth_class = ?", class).
		Where("status = ?", domain.WaitlistWaiting).
		Where("boat_loa_ft <= ?", maxLOA).
		OrderExpr("joined_at ASC").
		Limit(1).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "waitlist entry")
	}
	return e, nil
}

// PeekWaiting is NextWaiting without a lock, for read-only previews.
func (WaitlistRepo) PeekWaiting(ctx context.Context, db bun.IDB, class string, maxLOA int) (*domain.WaitlistEntry, error) {
	e := new(domain.WaitlistEntry)
	err := db.NewSelect().Model(e).
		Where("berth_class = ?", class).
		Where("status = ?", domain.WaitlistWaiting).
		Where("boat_loa_ft <= ?", maxLOA).
		OrderExpr("joined_at ASC").
		Limit(1).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "waitlist entry")
	}
	return e, nil
}

// OpenOfferFor returns the outstanding offer on a berth, if any.
func (WaitlistRepo) OpenOfferFor(ctx context.Context, db bun.IDB, berthID string) (*domain.WaitlistEntry, error) {
	return selectOne[domain.WaitlistEntry](ctx, db, "waitlist offer", "offered_berth_id = ? AND status = ?", berthID, domain.WaitlistOffered)
}

func (WaitlistRepo) MarkOffered(ctx context.Context, db bun.IDB, id, berthID string, expires time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.WaitlistEntry)(nil)).
		Set("status = ?", domain.WaitlistOffered).
		Set("offered_berth_id = ?", berthID).
		Set("offer_expires_at = ?", expires).
		Where("id = ?", id).
		Where("status = ?", domain.WaitlistWaiting).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// Accept moves an offered entry to accepted if the offer has not expired.
func (WaitlistRepo) Accept(ctx context.Context, db bun.IDB, id string, now time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.WaitlistEntry)(nil)).
		Set("status = ?", domain.WaitlistAccepted).
		Where("id = ?", id).
		Where("status = ?", domain.WaitlistOffered).
		Where("offer_expires_at > ?", now).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}
