package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// PayoutRepo backs the payouts service.
type PayoutRepo struct {
	pool    *pgxpool.Pool
	q       *db.Queries
	drivers *platform.Store[db.Driver]
}

func NewPayoutRepo(pool *pgxpool.Pool) *PayoutRepo {
	return &PayoutRepo{
		pool:    pool,
		q:       db.New(pool),
		drivers: platform.NewStore(pool, "drivers", "id", db.DriverColumns, db.ScanDriver),
	}
}

func (r *PayoutRepo) GetDriver(ctx context.Context, id string) (db.Driver, error) {
	return r.drivers.Get(ctx, id)
}

func (r *PayoutRepo) CreatePayoutRun(ctx context.Context, id string, start, end time.Time) (bool, error) {
	return r.q.CreatePayoutRun(ctx, id, start, end)
}

func (r *PayoutRepo) DriversWithBalance(ctx context.Context, before time.Time) ([]string, error) {
	return r.q.ListDriversWithBalance(ctx, before)
}

func (r *PayoutRepo) DriverBalance(ctx context.Context, driverID string, before time.Time) (int64, error) {
	return r.q.DriverBalance(ctx, driverID, before)
}

// EnsurePayout inserts the payout for (driver, week) unless it exists and
// returns the stored row either way.
func (r *PayoutRepo) EnsurePayout(ctx context.Context, p db.DriverPayout) (db.DriverPayout, error) {
	if err := r.q.InsertDriverPayout(ctx, p); err != nil {
		return db.DriverPayout{}, err
	}
	return r.q.GetDriverPayoutForPeriod(ctx, p.DriverID, p.PeriodStart)
}

func (r *PayoutRepo) MarkPayoutPaid(ctx context.Context, id, providerRef string, at time.Time) error {
	return r.q.MarkPayoutPaid(ctx, id, providerRef, at)
}

func (r *PayoutRepo) InsertLedgerEntry(ctx context.Context, e db.DriverLedgerEntry) error {
	return r.q.InsertDriverLedgerEntry(ctx, e)
}

// RecordFuelAdvance stores the advance and its ledger debit together.
func (r *PayoutRepo) RecordFuelAdvance(ctx context.Context, a db.FuelAdvance) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		if err := q.InsertFuelAdvance(ctx, a); err != nil {
			return err
		}
		return q.InsertDriverLedgerEntry(ctx, db.DriverLedgerEntry{
			ID:          a.ID,
			DriverID:    a.DriverID,
			ShipmentID:  a.ShipmentID,
			Kind:        "fuel_advance",
			AmountCents: -a.AmountCents,
		})
	})
}

// JobAttemptRepo stores the per-attempt worker log.
type JobAttemptRepo struct {
	q *db.Queries
}

func NewJobAttemptRepo(pool *pgxpool.Pool) *JobAttemptRepo {
	return &JobAttemptRepo{q: db.New(pool)}
}

func (r *JobAttemptRepo) RecordAttempt(ctx context.Context, a db.JobAttempt) error {
	return r.q.InsertJobAttempt(ctx, a)
}
