package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/queue"
)

// Module provides the worker client and starts it with the application.
var Module = fx.Module("jobs",
	fx.Provide(
		NewWorkers,
		fx.Annotate(NewWorkerClient, fx.ResultTags(`name:"riverWorker"`)),
	),
	fx.Invoke(fx.Annotate(func(*river.Client[*sql.Tx]) {}, fx.ParamTags(`name:"riverWorker"`))),
)

func periodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return queue.TeeSheetReleaseArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
			},
			&river.PeriodicJobOpts{ID: "teesheet_release", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return queue.WaitlistOfferExpiryArgs{}, &river.InsertOpts{Queue: queue.QueueWaitlist}
			},
			&river.PeriodicJobOpts{ID: "waitlist_offer_expiry"},
		),
	}
}

// NewWorkerClient builds the river client that runs workers, migrating
// river's tables before it starts.
func NewWorkerClient(lc fx.Lifecycle, sqlDB *sql.DB, cfg *config.Config, workers *river.Workers, log *zap.Logger) (*river.Client[*sql.Tx], error) {
	driver := riverdatabasesql.New(sqlDB)
	client, err := river.NewClient(driver, &river.Config{
		Queues: map[string]river.QueueConfig{
			queue.QueueDefault:  {MaxWorkers: cfg.RiverMaxWorkers},
			queue.QueueWaitlist: {MaxWorkers: 5},
			queue.QueuePayouts:  {MaxWorkers: 5},
			queue.QueueNotify:   {MaxWorkers: 10},
		},
		Workers:      workers,
		PeriodicJobs: periodicJobs(),
		JobTimeout:   2 * time.Minute,
		MaxAttempts:  20,
		Logger:       slog.Default(),
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: river client: %w", err)
	}

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			migrator, err := rivermigrate.New(driver, nil)
			if err != nil {
				return err
			}
			if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
				return fmt.Errorf("jobs: river migrate: %w", err)
			}
			// Start's context governs fetching; use one that outlives OnStart.
			if err := client.Start(context.Background()); err != nil {
				return err
			}
			log.Info("river workers started")
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return client, nil
}
