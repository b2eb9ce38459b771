// Package queue builds asynq clients and servers from config.
package queue

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/summitline/skipass/internal/config"
)

// Enqueuer is the subset of *asynq.Client used by services.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// RedisOpt converts config into asynq connection options.
func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
}

// NewClient returns an asynq client and its cleanup.
func NewClient(cfg config.Config) (*asynq.Client, func(), error) {
	c := asynq.NewClient(RedisOpt(cfg))
	return c, func() { _ = c.Close() }, nil
}

// ProvideEnqueuer exposes the client through the Enqueuer interface.
func ProvideEnqueuer(c *asynq.Client) Enqueuer { return c }

// NewServer builds the asynq server with the resort's queue priorities.
func NewServer(cfg config.Config, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(RedisOpt(cfg), asynq.Config{
		Concurrency: cfg.WorkerConcur,
		Queues: map[string]int{
			"critical": 6,
			"default":  3,
			"refunds":  2,
			"notify":   1,
		},
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			d := time.Duration(n*n) * 10 * time.Second
			if d > 30*time.Minute {
				d = 30 * time.Minute
			}
			return d
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, task *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			log.Error("task failed", "type", task.Type(), "retry", retried, "err", err)
		}),
		ShutdownTimeout: 20 * time.Second,
	})
}
