// Command worker runs the asynq task handlers.
package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/config"
	"github.com/globetrek/esim-platform/internal/platform"
	"github.com/globetrek/esim-platform/internal/service/commissions"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/refunds"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
	"github.com/globetrek/esim-platform/internal/worker"
)

type container struct {
	cfg   *config.Config
	log   *slog.Logger
	db    *store.DB
	queue *tasks.Client
	deps  worker.Deps
}

func build(ctx context.Context, cfg *config.Config, log *slog.Logger) (*container, error) {
	db, err := platform.DB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	q := platform.Queue(cfg)
	p := platform.NewProviders(cfg, log)
	n := platform.Notifier(db, p, log)
	return &container{
		cfg:   cfg,
		log:   log,
		db:    db,
		queue: q,
		deps: worker.Deps{
			Orders:       orders.New(db, p.Adyen, q, log),
			Provisioning: provisioning.New(db, p.Carriers, q, n, log),
			TopUps:       topups.New(db, p.Adyen, p.Carriers, q, log),
			Refunds:      refunds.New(db, p.Adyen, p.Carriers, q, log),
			Commissions:  commissions.New(db, log),
			Usage:        usage.New(db, p.Carriers, q, n, log),
			Log:          log,
		},
	}, nil
}

func (c *container) close() {
	_ = c.queue.Close()
	c.db.Close()
}

func main() {
	log := platform.Logger("worker")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	c, err := build(context.Background(), cfg, log)
	if err != nil {
		log.Error("build", "err", err)
		os.Exit(1)
	}
	defer c.close()

	srv := asynq.NewServer(platform.Redis(cfg), asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueNotify:   2,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			return asynq.DefaultRetryDelayFunc(n, err, t)
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			maxRetry, _ := asynq.GetMaxRetry(ctx)
			if retried >= maxRetry {
				log.ErrorContext(ctx, "task exhausted retries", "type", t.Type(), "err", err)
			}
		}),
		ShutdownTimeout: cfg.ShutdownWait,
		Logger:          asynqLogger{log},
	})
	if err := srv.Run(worker.NewMux(c.deps)); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug("asynq", "msg", args) }
func (a asynqLogger) Info(args ...any)  { a.l.Info("asynq", "msg", args) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn("asynq", "msg", args) }
func (a asynqLogger) Error(args ...any) { a.l.Error("asynq", "msg", args) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error("asynq fatal", "msg", args); os.Exit(1) }
