// Command remit-worker consumes the remit event stream and runs scheduled jobs.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
	"go.uber.org/dig"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/app"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/notices"
	"github.com/sendhome/remit/internal/notify"
	"github.com/sendhome/remit/internal/platform/redisx"
	"github.com/sendhome/remit/internal/quote"
	"github.com/sendhome/remit/internal/settlement"
	"github.com/sendhome/remit/internal/statement"
	"github.com/sendhome/remit/internal/stream"
	"github.com/sendhome/remit/internal/worker"
)

func main() {
	c := dig.New()
	app.Must(app.Provide(c))
	for _, ctor := range []any{
		newSMS,
		notices.NewService,
		settlement.NewImporter,
		settlement.NewPoller,
		settlement.NewReconciler,
		statement.NewDocumentStore,
		statement.NewJob,
		quote.NewSweeper,
		worker.NewHandlers,
		newConsumer,
		newScheduler,
	} {
		app.Must(c.Provide(ctor))
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("remit-worker exited", "err", err)
		os.Exit(1)
	}
}

func newSMS(cfg *config.Config, log *slog.Logger) notify.Sender {
	return notify.Logged(notify.NewGateway(cfg), log)
}

func newConsumer(rdb *redis.Client, cfg *config.Config, h *worker.Handlers, log *slog.Logger) *stream.Consumer {
	return stream.NewConsumer(rdb, stream.Options{
		Stream:   cfg.EventsStream,
		Group:    cfg.ConsumerGroup,
		Consumer: cfg.ConsumerName,
		MinIdle:  2 * time.Minute,
	}, h.Table(), log)
}

func newScheduler(cfg *config.Config, locker redisx.Locker, log *slog.Logger,
	st *statement.Job, rec *settlement.Reconciler, poll *settlement.Poller, sw *quote.Sweeper) *worker.Scheduler {
	return worker.NewScheduler(locker, log,
		worker.Job{Name: "rate-lock-sweeper", Interval: time.Minute, Run: sw.Run},
		worker.Job{Name: "settlement-poller", Interval: 30 * time.Minute, Run: poll.Run},
		worker.Job{Name: "settlement-reconcile", Interval: cfg.JobInterval, Run: rec.Run},
		worker.Job{Name: "monthly-statements", Interval: time.Hour, Run: st.Run},
	)
}

func run(consumer *stream.Consumer, sched *worker.Scheduler, client *ent.Client, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer client.Close()

	go sched.Run(ctx)
	log.Info("remit-worker started")
	if err := consumer.Run(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}
