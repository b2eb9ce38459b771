// Command worker runs the background side of the platform: the POS event
// consumers on NATS JetStream and the Temporal worker for the no-show and
// payout workflows.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"

	"github.com/tablewise/reservations/internal/config"
	"github.com/tablewise/reservations/internal/events"
	"github.com/tablewise/reservations/internal/noshow"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/payout"
	"github.com/tablewise/reservations/internal/platform"
	"github.com/tablewise/reservations/internal/posevents"
	"github.com/tablewise/reservations/internal/possync"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/store"
	tmprl "github.com/tablewise/reservations/internal/temporal"
	"github.com/tablewise/reservations/internal/temporal/activities"
	"github.com/tablewise/reservations/internal/webhooks"
)

func main() {
	c := dig.New()
	providers := []any{
		config.Load,
		platform.NewLogger,
		platform.NewPool,
		store.New,
		platform.NewNATS,
		platform.NewJetStream,
		platform.NewTemporal,
		platform.NewGateway,
		platform.NewSMS,
		platform.NewPOS,
		func(cfg *config.Config) webhooks.Poster { return webhooks.NewSender(cfg.HTTPTimeout) },
		possync.New,
		func(st *store.Store, gw payments.Gateway, s sms.Sender, cfg *config.Config, log *slog.Logger) noshow.Service {
			return noshow.New(st, gw, s, cfg.StrikeLimit, log)
		},
		func(st *store.Store, gw payments.Gateway, h webhooks.Poster, s sms.Sender, log *slog.Logger) payout.Service {
			return payout.New(st, gw, h, s, log)
		},
		func(svc noshow.Service) *activities.NoShowActivities {
			return &activities.NoShowActivities{NoShow: svc}
		},
		func(svc payout.Service) *activities.PayoutActivities {
			return &activities.PayoutActivities{Payouts: svc}
		},
		newRouter,
		newRunner,
		newTemporalWorker,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			slog.Error("provide", "err", err)
			os.Exit(1)
		}
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func newRouter(sync possync.Service, log *slog.Logger) *posevents.Router {
	r := posevents.NewRouter(log)
	posevents.NewHandlers(sync, log).Register(r)
	return r
}

func newRunner(js jetstream.JetStream, r *posevents.Router, cfg *config.Config, log *slog.Logger) *posevents.Runner {
	return posevents.NewRunner(js, r, []posevents.StreamBinding{
		{
			Stream:  cfg.POSStream,
			Durable: cfg.ConsumerName + "-pos",
			Subjects: []string{
				events.SubjectTableSeated,
				events.SubjectCheckClosed,
				events.SubjectReservationAcked,
				events.SubjectWalkinCreated,
			},
		},
		{
			Stream:   cfg.OutboundStream,
			Durable:  cfg.ConsumerName + "-outbound",
			Subjects: []string{events.SubjectOutboundConfirmed},
		},
	}, log)
}

type workerDeps struct {
	dig.In

	Client  client.Client
	Config  *config.Config
	NoShow  *activities.NoShowActivities
	Payouts *activities.PayoutActivities
}

func newTemporalWorker(d workerDeps) worker.Worker {
	w := worker.New(d.Client, d.Config.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 32,
	})
	tmprl.Register(w, d.NoShow, d.Payouts)
	return w
}

func run(w worker.Worker, runner *posevents.Runner, pool *pgxpool.Pool, nc *nats.Conn, tc client.Client, log *slog.Logger) error {
	defer pool.Close()
	defer nc.Close()
	defer tc.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := runner.Start(ctx); err != nil {
		return err
	}
	defer runner.Stop()

	if err := w.Start(); err != nil {
		return err
	}
	defer w.Stop()

	log.Info("worker running")
	<-ctx.Done()
	log.Info("worker shutting down")
	return nil
}
