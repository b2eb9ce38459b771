// Command worker runs the river job workers and the telematics queue
// consumer.
package main

import (
	"context"
	"log/slog"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/kickvolt/ridecore/internal/app"
	"github.com/kickvolt/ridecore/internal/config"
	"github.com/kickvolt/ridecore/internal/jobs/queue"
	"github.com/kickvolt/ridecore/internal/jobs/workers"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/regulator"
	"github.com/kickvolt/ridecore/internal/service/billing"
	"github.com/kickvolt/ridecore/internal/service/fines"
	"github.com/kickvolt/ridecore/internal/service/reporting"
	"github.com/kickvolt/ridecore/internal/service/rides"
	"github.com/kickvolt/ridecore/internal/service/swaps"
	"github.com/kickvolt/ridecore/internal/service/telemetry"
	"github.com/kickvolt/ridecore/internal/store"
	"github.com/kickvolt/ridecore/internal/telematics"
)

// enqueuer is the insert-only client services use; the working client
// below depends on the workers, which depend on the services, so the two
// are kept apart.
type enqueuer struct {
	fx.Out
	Queue *queue.Queue
}

func newEnqueuer(pool *pgxpool.Pool, log *slog.Logger) (enqueuer, error) {
	c, err := app.NewInsertOnlyRiver(pool, log)
	if err != nil {
		return enqueuer{}, err
	}
	return enqueuer{Queue: queue.New(c)}, nil
}

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(newEnqueuer),
		app.Services,
		fx.Provide(
			newTelemetryService,
			newConsumer,
			newRiverWorkers,
		),
		fx.Invoke(
			func(*river.Client[pgx.Tx]) {},
			func(*telematics.Consumer) {},
		),
		fx.StopTimeout(45*time.Second),
	).Run()
}

func newTelemetryService(db *pgstore.DB, r *store.Repos, reg *regulator.Client, f *fines.Service, rs *rides.Service, q *queue.Queue, log *slog.Logger) *telemetry.Service {
	return &telemetry.Service{
		Tx:        db,
		Scooters:  r.Scooters,
		Rides:     r.Rides,
		Samples:   r.Telemetry,
		Inbox:     r.Inbox,
		Incidents: r.Reports,
		Regulator: reg,
		Fines:     f,
		Ender:     rs,
		Jobs:      q,
		Log:       log.With("svc", "telemetry"),
	}
}

func newConsumer(lc fx.Lifecycle, cfg *config.Config, svc *telemetry.Service, r *store.Repos, log *slog.Logger) (*telematics.Consumer, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background())
	if err != nil {
		return nil, err
	}
	c := telematics.NewConsumer(
		sqs.NewFromConfig(awsCfg),
		cfg.TelematicsQueueURL,
		telematics.NewRegistry(svc, r.Inbox),
		cfg.TelematicsWorkers,
		log.With("component", "telematics"),
	)
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { c.Start(ctx); return nil },
		OnStop:  c.Stop,
	})
	return c, nil
}

type workerParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	Config    *config.Config
	Pool      *pgxpool.Pool
	Loc       *time.Location
	Log       *slog.Logger
	Billing   *billing.Service
	Swaps     *swaps.Service
	Reports   *reporting.Service
}

func newRiverWorkers(p workerParams) (*river.Client[pgx.Tx], error) {
	ws := river.NewWorkers()
	workers.Register(ws, workers.Deps{
		Rides:   p.Billing,
		Fines:   p.Billing,
		Swaps:   p.Swaps,
		Reports: p.Reports,
	})
	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Logger: p.Log.With("component", "river"),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 5},
			"billing":          {MaxWorkers: p.Config.RiverWorkers},
			"fleet":            {MaxWorkers: 5},
			"reporting":        {MaxWorkers: 2},
		},
		Workers:      ws,
		PeriodicJobs: workers.PeriodicJobs(p.Config.TripReportZones, p.Loc),
		MaxAttempts:  12,
	})
	if err != nil {
		return nil, err
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: client.Start,
		OnStop:  client.Stop,
	})
	return client, nil
}
