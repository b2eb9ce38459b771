// Command scheduler runs the periodic jobs: quote expiry, event-day guest
// texts, staff reminders and the monthly venue commission payout run.
package main

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/queue"
	"github.com/forkandfeast/catering/internal/adapters/queue/workers"
	"github.com/forkandfeast/catering/internal/app"
	"github.com/forkandfeast/catering/internal/core/ports"
)

func today() time.Time {
	now := time.Now().UTC()
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}

func periodicJobs() []*river.PeriodicJob {
	unique := func(d time.Duration) *river.InsertOpts {
		return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: d}}
	}
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(15*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) { return ports.ExpireQuotesJob{}, nil },
			&river.PeriodicJobOpts{ID: "expire_quotes", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return ports.PlanEventDayMessagesJob{Day: today()}, unique(24 * time.Hour)
			},
			&river.PeriodicJobOpts{ID: "plan_event_day_messages", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return ports.StaffRemindersJob{Day: today().AddDate(0, 0, 1)}, unique(24 * time.Hour)
			},
			&river.PeriodicJobOpts{ID: "staff_reminders"}),
		river.NewPeriodicJob(river.PeriodicInterval(6*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				prev := today().AddDate(0, -1, 0)
				return ports.PlanVenuePayoutsJob{Period: prev.Format("2006-01")}, unique(31 * 24 * time.Hour)
			},
			&river.PeriodicJobOpts{ID: "plan_venue_payouts", RunOnStart: true}),
	}
}

func newSchedulerClient(lc fx.Lifecycle, pool *pgxpool.Pool, d workers.Deps, log *zap.Logger) (*river.Client[pgx.Tx], error) {
	w := river.NewWorkers()
	workers.RegisterPeriodicWorkers(w, d)
	client, err := queue.NewClient(pool, queue.ClientConfig{
		Queues:       map[string]river.QueueConfig{queue.QueueDefault: {MaxWorkers: 4}},
		Workers:      w,
		PeriodicJobs: periodicJobs(),
		Logger:       app.SlogFrom(log),
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.WithoutCancel(ctx)) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}

func main() {
	fx.New(
		fx.Supply(app.ServiceName("catering-scheduler")),
		app.Base,
		app.Postgres,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(newSchedulerClient),
		fx.Invoke(func(*river.Client[pgx.Tx]) {}),
	).Run()
}
