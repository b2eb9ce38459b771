// Command worker runs washclub's asynq task handlers: bay activations,
// loyalty points, refunds, billing and notifications.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/app"
	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/tasks"
	"github.com/brightbay/washclub/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("bin", "worker")
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	c, err := app.New(cfg, log)
	if err != nil {
		return err
	}
	if err := c.Provide(worker.NewMux); err != nil {
		return err
	}
	return c.Invoke(func(mux *asynq.ServeMux, opt asynq.RedisClientOpt, db *sqlx.DB, queue *asynq.Client) error {
		defer db.Close()
		defer queue.Close()

		srv := asynq.NewServer(opt, asynq.Config{
			Concurrency: cfg.WorkerConcurrency,
			Queues: map[string]int{
				tasks.QueueCritical: 6,
				tasks.QueueDefault:  3,
				tasks.QueueBilling:  1,
			},
			ShutdownTimeout: cfg.ShutdownTimeout,
			RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
				if t.Type() == tasks.TypeBayActivate {
					return time.Duration(n+1) * 2 * time.Second
				}
				return asynq.DefaultRetryDelayFunc(n, err, t)
			},
			ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
				retried, _ := asynq.GetRetryCount(ctx)
				maxRetry, _ := asynq.GetMaxRetry(ctx)
				if retried >= maxRetry {
					log.ErrorContext(ctx, "task exhausted retries", "type", t.Type(), "err", err)
				}
			}),
			Logger: newAsynqLogger(log),
		})
		return srv.Run(mux)
	})
}

type asynqLogger struct{ l *slog.Logger }

func newAsynqLogger(l *slog.Logger) asynqLogger { return asynqLogger{l: l.With("component", "asynq")} }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(sprint(args)) }
func (a asynqLogger) Info(args ...any)  { a.l.Info(sprint(args)) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(sprint(args)) }
func (a asynqLogger) Error(args ...any) { a.l.Error(sprint(args)) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(sprint(args)); os.Exit(1) }

func sprint(args []any) string { return fmt.Sprint(args...) }
