package worker

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/jobs"
)

// App is the worker process: the asynq server and the periodic scheduler.
type App struct {
	server    *asynq.Server
	scheduler *asynq.Scheduler
	mux       *asynq.ServeMux
	cronSpec  string
}

// NewApp builds the worker.
func NewApp(cfg *config.Config, opt asynq.RedisClientOpt, mux *asynq.ServeMux) *App {
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.Worker.Concurrency,
		Queues: map[string]int{
			jobs.QueueCritical:      6,
			jobs.QueueDefault:       3,
			jobs.QueueNotifications: 2,
		},
		ShutdownTimeout: 25 * time.Second,
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			d := time.Duration(1<<min(n, 10)) * time.Second
			if d > 30*time.Minute {
				d = 30 * time.Minute
			}
			return d
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			maxRetry, _ := asynq.GetMaxRetry(ctx)
			if retried >= maxRetry {
				slog.ErrorContext(ctx, "task exhausted retries", "type", t.Type(), "err", err)
			}
		}),
	})
	sched := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
	return &App{server: srv, scheduler: sched, mux: mux, cronSpec: cfg.Worker.PaymentDueCron}
}

// Run starts the server and scheduler and blocks until SIGINT/SIGTERM.
func (a *App) Run() error {
	if _, err := a.scheduler.Register(a.cronSpec, asynq.NewTask(jobs.TypePaymentDueSweep, []byte("{}")),
		asynq.Queue(jobs.QueueDefault), asynq.Unique(time.Hour)); err != nil {
		return fmt.Errorf("worker: register sweep: %w", err)
	}
	if err := a.scheduler.Start(); err != nil {
		return fmt.Errorf("worker: start scheduler: %w", err)
	}
	if err := a.server.Start(a.mux); err != nil {
		return fmt.Errorf("worker: start server: %w", err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	slog.Info("worker: shutting down")
	a.scheduler.Shutdown()
	a.server.Shutdown()
	return nil
}
