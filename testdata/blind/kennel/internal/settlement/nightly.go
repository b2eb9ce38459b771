package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/rs/xid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

// Snapshotter records every location's occupancy for a night. It runs from
// the nightly cron after the day closes in every timezone.
type Snapshotter struct {
	db        *bun.DB
	snapshots *platform.Store[Snapshot]
	dir       owners.Directory
	log       *slog.Logger
}

// NewSnapshotter returns the snapshotter.
func NewSnapshotter(db *bun.DB, dir owners.Directory, log *slog.Logger) *Snapshotter {
	return &Snapshotter{db: db, snapshots: platform.NewStore[Snapshot](db), dir: dir, log: log}
}

type occupancy struct {
	Runs    int   `bun:"runs"`
	Lodging int64 `bun:"lodging"`
}

// Run snapshots night for every active location.
func (s *Snapshotter) Run(ctx context.Context, night time.Time) (int, error) {
	locs, err := s.dir.Locations(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, loc := range locs {
		var occ occupancy
		err := s.db.NewRaw(`
			SELECT COUNT(*) AS runs, COALESCE(SUM(nightly_rate_cents), 0) AS lodging
			FROM reservations
			WHERE location_id = ? AND check_in <= ?::date AND check_out > ?::date
			  AND status IN ('confirmed', 'checked_in', 'checked_out')`,
			loc.ID, night, night).Scan(ctx, &occ)
		if err != nil {
			return n, err
		}
		snap := &Snapshot{
			LocationID:   loc.ID,
			Night:        night,
			FranchiseID:  loc.FranchiseID,
			OccupiedRuns: occ.Runs,
			Capacity:     loc.Capacity,
			LodgingCents: occ.Lodging,
		}
		if err := s.snapshots.Insert(ctx, snap); err != nil {
			return n, fmt.Errorf("snapshot %s: %w", loc.ID, err)
		}
		n++
	}
	s.log.Info("occupancy snapshot", "night", night.Format("2006-01-02"), "locations", n)
	return n, nil
}

// Scheduler enqueues one settlement job per franchise for a night.
type Scheduler struct {
	dir   owners.Directory
	queue queue.Enqueuer
	log   *slog.Logger
}

// NewScheduler returns the scheduler.
func NewScheduler(dir owners.Directory, q queue.Enqueuer, log *slog.Logger) *Scheduler {
	return &Scheduler{dir: dir, queue: q, log: log}
}

// Run enqueues the settlements for night.
func (s *Scheduler) Run(ctx context.Context, night time.Time) (int, error) {
	frs, err := s.dir.Franchises(ctx)
	if err != nil {
		return 0, err
	}
	runID := xid.New().String()
	queued := 0
	for _, f := range frs {
		args := jobs.SettleFranchise{
			FranchiseID: f.ID,
			Night:       night.Format("2006-01-02"),
			RunID:       runID,
		}
		inserted, err := s.queue.Insert(ctx, args, &river.InsertOpts{
			Queue:       queue.QueueNightly,
			MaxAttempts: 5,
			UniqueOpts:  river.UniqueOpts{ByArgs: true},
		})
		if err != nil {
			return queued, fmt.Errorf("enqueue settlement %s: %w", f.ID, err)
		}
		if inserted {
			queued++
		}
	}
	s.log.Info("settlements scheduled", "night", night.Format("2006-01-02"), "run", runID, "queued", queued)
	return queued, nil
}
