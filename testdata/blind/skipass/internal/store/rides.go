package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Scans interface {
	// InsertIfAbsent records one scan; false means the scan_id was seen before.
	InsertIfAbsent(ctx context.Context, db bun.IDB, s *model.RideScan) (bool, error)
	Get(ctx context.Context, db bun.IDB, scanID string) (*model.RideScan, error)
	InsertBatch(ctx context.Context, db bun.IDB, scans []*model.RideScan) error
}

type scanRepo struct{}

func NewScans() Scans { return scanRepo{} }

func (scanRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, s *model.RideScan) (bool, error) {
	res, err := db.NewInsert().Model(s).On("CONFLICT (scan_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (scanRepo) Get(ctx context.Context, db bun.IDB, scanID string) (*model.RideScan, error) {
	s := new(model.RideScan)
	if err := db.NewSelect().Model(s).Where("scan_id = ?", scanID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return s, nil
}

func (scanRepo) InsertBatch(ctx context.Context, db bun.IDB, scans []*model.RideScan) error {
	if len(scans) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&scans).Exec(ctx)
	return err
}

type RideDayKey struct {
	PassID   string
	RideDate time.Time
}

type RideDays interface {
	// Touch counts one ride on the pass's day and reports whether it was the first.
	Touch(ctx context.Context, db bun.IDB, passID, accountID string, at time.Time, day time.Time) (bool, error)
	AddRides(ctx context.Context, db bun.IDB, passID, accountID string, day time.Time, first time.Time, n int) error
	ListUngranted(ctx context.Context, db bun.IDB, before time.Time, limit int) ([]*model.RideDay, error)
	MarkGranted(ctx context.Context, db bun.IDB, keys []RideDayKey) error
	MarkGrantedOne(ctx context.Context, db bun.IDB, accountID string, day time.Time) error
}

type rideDayRepo struct{}

func NewRideDays() RideDays { return rideDayRepo{} }

func (rideDayRepo) Touch(ctx context.Context, db bun.IDB, passID, accountID string, at time.Time, day time.Time) (bool, error) {
	var inserted bool
	err := db.NewRaw(`
		INSERT INTO ride_days (pass_id, account_id, ride_date, rides, first_scan_at)
		VALUES (?, ?, ?, 1, ?)
		ON CONFLICT (pass_id, ride_date) DO UPDATE SET rides = ride_days.rides + 1
		RETURNING (xmax = 0)`,
		passID, accountID, day.Format(time.DateOnly), at).Scan(ctx, &inserted)
	return inserted, err
}

func (rideDayRepo) AddRides(ctx context.Context, db bun.IDB, passID, accountID string, day time.Time, first time.Time, n int) error {
	_, err := db.NewRaw(`
		INSERT INTO ride_days (pass_id, account_id, ride_date, rides, first_scan_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (pass_id, ride_date) DO UPDATE
		SET rides = ride_days.rides + EXCLUDED.rides,
		    first_scan_at = LEAST(ride_days.first_scan_at, EXCLUDED.first_scan_at)`,
		passID, accountID, day.Format(time.DateOnly), n, first).Exec(ctx)
	return err
}

func (rideDayRepo) ListUngranted(ctx context.Context, db bun.IDB, before time.Time, limit int) ([]*model.RideDay, error) {
	var out []*model.RideDay
	err := db.NewSelect().Model(&out).
		Where("NOT loyalty_granted").
		Where("ride_date < ?", before.Format(time.DateOnly)).
		Order("account_id", "ride_date").
		Limit(int64(limit)).
		Scan(ctx)
	return out, err
}

func (rideDayRepo) MarkGranted(ctx context.Context, db bun.IDB, keys []RideDayKey) error {
	for _, k := range keys {
		_, err := db.NewUpdate().Model((*model.RideDay)(nil)).
			Set("loyalty_granted = true").
			Where("pass_id = ? AND ride_date = ?", k.PassID, k.RideDate.Format(time.DateOnly)).
			Exec(ctx)
		if err != nil {
			return err
		}
	}
	return nil
}

func (rideDayRepo) MarkGrantedOne(ctx context.Context, db bun.IDB, accountID string, day time.Time) error {
	_, err := db.NewUpdate().Model((*model.RideDay)(nil)).
		Set("loyalty_granted = true").
		Where("account_id = ? AND ride_date = ?", accountID, day.Format(time.DateOnly)).
		Exec(ctx)
	return err
}

type Loyalty interface {
	// InsertRideDay adds the once-per-day ride entry; false if already granted.
	InsertRideDay(ctx context.Context, db bun.IDB, e *model.LoyaltyEntry) (bool, error)
	InsertEntry(ctx context.Context, db bun.IDB, e *model.LoyaltyEntry) error
	InsertRedemption(ctx context.Context, db bun.IDB, r *model.LoyaltyRedemption) error
	GetRedemption(ctx context.Context, db bun.IDB, id string) (*model.LoyaltyRedemption, error)
}

type loyaltyRepo struct{}

func NewLoyalty() Loyalty { return loyaltyRepo{} }

func (loyaltyRepo) InsertRideDay(ctx context.Context, db bun.IDB, e *model.LoyaltyEntry) (bool, error) {
	e.EntryType = model.EntryRideDay
	res, err := db.NewInsert().Model(e).
		On("CONFLICT (account_id, ride_date) WHERE entry_type = 'ride_day' DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (loyaltyRepo) InsertEntry(ctx context.Context, db bun.IDB, e *model.LoyaltyEntry) error {
	_, err := db.NewInsert().Model(e).Exec(ctx)
	return err
}

func (loyaltyRepo) InsertRedemption(ctx context.Context, db bun.IDB, r *model.LoyaltyRedemption) error {
	_, err := db.NewInsert().Model(r).Exec(ctx)
	return err
}

func (loyaltyRepo) GetRedemption(ctx context.Context, db bun.IDB, id string) (*model.LoyaltyRedemption, error) {
	r := new(model.LoyaltyRedemption)
	if err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return r, nil
}

type Gates interface {
	Get(ctx context.Context, db bun.IDB, id string) (*model.Gate, error)
	UpsertStatus(ctx context.Context, db bun.IDB, g *model.Gate) error
}

type gateRepo struct{}

func NewGates() Gates { return gateRepo{} }

func (gateRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.Gate, error) {
	g := new(model.Gate)
	if err := db.NewSelect().Model(g).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return g, nil
}

func (gateRepo) UpsertStatus(ctx context.Context, db bun.IDB, g *model.Gate) error {
	_, err := db.NewInsert().Model(g).
		On("CONFLICT (id) DO UPDATE").
		Set("status = EXCLUDED.status").
		Set("firmware = EXCLUDED.firmware").
		Set("buffered_scans = EXCLUDED.buffered_scans").
		Set("last_heartbeat_at = GREATEST(g.last_heartbeat_at, EXCLUDED.last_heartbeat_at)").
		Exec(ctx)
	return err
}
