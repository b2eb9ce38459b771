// Command consumer runs the JetStream consumers (truck GPS, city storm
// events) and the River workers (payouts, invoices, texts, salt, outbox).
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/dig"
	"golang.org/x/sync/errgroup"

	"github.com/driftline-services/snowplow/internal/app"
	"github.com/driftline-services/snowplow/internal/config"
	"github.com/driftline-services/snowplow/internal/consumer"
	"github.com/driftline-services/snowplow/internal/events"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/outbox"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/provider/saltsupplier"
	"github.com/driftline-services/snowplow/internal/provider/sms"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/service/invoice"
	"github.com/driftline-services/snowplow/internal/service/notify"
	"github.com/driftline-services/snowplow/internal/service/passes"
	"github.com/driftline-services/snowplow/internal/service/payout"
	"github.com/driftline-services/snowplow/internal/service/salt"
	"github.com/driftline-services/snowplow/internal/service/storm"
	"github.com/driftline-services/snowplow/internal/tx"
	"github.com/driftline-services/snowplow/internal/worker"
)

func main() {
	c := dig.New()
	if err := build(c); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("consumer", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

// cityTariff is the 2025-26 per-km schedule from the city contract.
func cityTariff() invoice.Tariff {
	return invoice.Tariff{
		PerKmCents:      map[int]int64{1: 18_500, 2: 14_000, 3: 11_000},
		DefaultKmCents:  11_000,
		SaltPerKgCents:  21,
		SeverityPercent: map[string]int64{"heavy": 10, "blizzard": 25},
	}
}

func build(c *dig.Container) error {
	if err := app.Provide(c); err != nil {
		return err
	}
	providers := []any{
		func(cfg *config.Config, log *slog.Logger) (*nats.Conn, error) {
			return nats.Connect(cfg.NATSURL,
				nats.Name("snowplow-consumer"),
				nats.MaxReconnects(-1),
				nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
			)
		},
		func(nc *nats.Conn) (jetstream.JetStream, error) { return jetstream.New(nc) },

		// Services the workers call. None of these enqueue jobs, which keeps
		// the River client out of their dependency graph.
		func(p *repository.Payouts, s *repository.Subcontractors, bank *bankpay.Client, log *slog.Logger) *payout.Sender {
			return payout.NewSender(p, s, bank, payout.WithSenderLogger(log))
		},
		func(i *repository.Invoices, s *repository.Storms, a *repository.Assignments, city *citydispatch.Client,
			runner *tx.Runner, log *slog.Logger) *invoice.Service {
			return invoice.New(i, s, a, city, runner, cityTariff(), invoice.WithLogger(log))
		},
		func(n *repository.Notifications, t *sms.Client, log *slog.Logger) *notify.Service {
			return notify.New(n, t, log)
		},
		func(o *repository.Outbox, js jetstream.JetStream, log *slog.Logger) *outbox.Relay {
			return outbox.NewRelay(o, js, outbox.WithLogger(log))
		},
		func(r *repository.Salt, sup *saltsupplier.Client, runner *tx.Runner, cfg *config.Config, log *slog.Logger) *salt.Service {
			return salt.New(r, sup, runner, salt.WithLogger(log), salt.WithLocation(cfg.Location))
		},
		newWorkers,
		newRiver,
		jobs.NewQueue,

		// Services the stream handlers call.
		func(a *repository.Assignments, s *repository.Salt, f *repository.Subcontractors, p *repository.Payouts,
			o *repository.Outbox, q *jobs.Queue, runner *tx.Runner, log *slog.Logger) *passes.Service {
			return passes.New(a, s, f, p, o, q, runner, passes.WithLogger(log))
		},
		func(s *repository.Storms, a *repository.Assignments, subs *repository.Subcontractors,
			n *repository.Notifications, q *jobs.Queue, runner *tx.Runner, log *slog.Logger) *storm.Service {
			return storm.New(s, a, subs, n, q, runner, storm.WithLogger(log))
		},
		newRegistry,
		func(js jetstream.JetStream, reg *consumer.Registry, log *slog.Logger) *consumer.Dispatcher {
			return consumer.NewDispatcher(js, reg,
				consumer.WithAckWait(45*time.Second),
				consumer.WithMaxDeliver(25),
				consumer.WithLogger(log))
		},
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}

type workerParams struct {
	dig.In

	Sender   *payout.Sender
	Invoices *invoice.Service
	Notify   *notify.Service
	Relay    *outbox.Relay
	Salt     *salt.Service
	Payouts  *repository.Payouts
	Log      *slog.Logger
}

func newWorkers(p workerParams) *river.Workers {
	return worker.Register(worker.Deps{
		Payouts:  p.Sender,
		Invoices: p.Invoices,
		Notify:   p.Notify,
		Relay:    p.Relay,
		Salt:     p.Salt,
		Stale:    p.Payouts,
		Log:      p.Log,
	})
}

func newRiver(pool *pgxpool.Pool, workers *river.Workers, cfg *config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: cfg.OpsWorkers},
			jobs.QueueOps:      {MaxWorkers: cfg.OpsWorkers},
			jobs.QueueMoney:    {MaxWorkers: cfg.MoneyWorkers},
		},
		Workers:      workers,
		PeriodicJobs: worker.Periodic(cfg.Location),
		JobTimeout:   2 * time.Minute,
	})
}

func newRegistry(p *passes.Service, s *storm.Service, subs *repository.Subcontractors, inbox *repository.Inbox) (*consumer.Registry, error) {
	return consumer.NewRegistry(events.Routes(events.Deps{
		Passes: p,
		Storms: s,
		Trucks: subs,
		Inbox:  inbox,
	}))
}

func run(rc *river.Client[pgx.Tx], d *consumer.Dispatcher, nc *nats.Conn, pool *pgxpool.Pool, log *slog.Logger) error {
	defer pool.Close()
	defer nc.Close()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	if err := rc.Start(ctx); err != nil {
		return err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return d.Run(gctx) })
	g.Go(func() error {
		<-gctx.Done()
		stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return rc.Stop(stopCtx)
	})
	log.Info("consumer running")
	return g.Wait()
}
