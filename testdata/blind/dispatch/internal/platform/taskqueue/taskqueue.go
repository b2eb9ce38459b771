// Package taskqueue wires asynq: a server whose ServeMux is built from a
// handler table contributed by feature modules, a client wrapper used to
// enqueue, and a scheduler for periodic tasks.
package taskqueue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
)

// Entry is one row of the handler table.
type Entry struct {
	Type    string
	Handler asynq.HandlerFunc
	// Cron, when set, registers the task type with the scheduler.
	Cron string
	// CronPayload is the payload for scheduled tasks.
	CronPayload []byte
}

// Table is a set of entries contributed by one module.
type Table []Entry

// AsTable annotates a constructor returning Table so that it joins the
// "task_tables" group.
func AsTable(ctor any) any {
	return fx.Annotate(ctor, fx.ResultTags(`group:"task_tables"`))
}

// Enqueuer is what services use to schedule work.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error
}

type client struct {
	c *asynq.Client
}

// NewEnqueuer builds an Enqueuer over asynq.Client.
func NewEnqueuer(cfg config.Config, lc fx.Lifecycle) Enqueuer {
	c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return c.Close() }})
	return &client{c: c}
}

// ErrDuplicate is returned when a task with the same TaskID is already
// queued or retained.
var ErrDuplicate = errors.New("task already enqueued")

func (cl *client) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", taskType, err)
	}
	_, err = cl.c.EnqueueContext(ctx, asynq.NewTask(taskType, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return ErrDuplicate
	}
	return err
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// ServerParams is the fx input of NewServer.
type ServerParams struct {
	fx.In

	Config    config.Config
	Log       *zap.Logger
	Lifecycle fx.Lifecycle
	Tables    []Table `group:"task_tables"`
}

// NewServer builds the mux from the handler tables and starts the asynq
// server and scheduler with the app.
func NewServer(p ServerParams) (*asynq.Server, error) {
	redis := asynq.RedisClientOpt{Addr: p.Config.RedisAddr}
	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: p.Config.TaskConcurrency,
		Queues:      map[string]int{"critical": 6, "default": 3, "low": 1},
		RetryDelayFunc: func(n int, err error, t *asynq.Task) time.Duration {
			return asynq.DefaultRetryDelayFunc(n, err, t)
		},
	})
	scheduler := asynq.NewScheduler(redis, &asynq.SchedulerOpts{Location: time.UTC})

	mux := asynq.NewServeMux()
	mux.Use(recoverMiddleware(p.Log), logMiddleware(p.Log))
	seen := map[string]bool{}
	for _, table := range p.Tables {
		for _, e := range table {
			if seen[e.Type] {
				return nil, fmt.Errorf("taskqueue: duplicate handler for %q", e.Type)
			}
			seen[e.Type] = true
			mux.HandleFunc(e.Type, e.Handler)
			if e.Cron != "" {
				if _, err := scheduler.Register(e.Cron, asynq.NewTask(e.Type, e.CronPayload)); err != nil {
					return nil, fmt.Errorf("schedule %s: %w", e.Type, err)
				}
			}
		}
	}

	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			if err := srv.Start(mux); err != nil {
				return err
			}
			return scheduler.Start()
		},
		OnStop: func(context.Context) error {
			scheduler.Shutdown()
			srv.Shutdown()
			return nil
		},
	})
	return srv, nil
}

func logMiddleware(log *zap.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			fields := []zap.Field{zap.String("type", t.Type()), zap.String("task_id", id), zap.Int("retry", retry), zap.Duration("took", time.Since(start))}
			if err != nil {
				log.Warn("task failed", append(fields, zap.Error(err))...)
			} else {
				log.Info("task done", fields...)
			}
			return err
		})
	}
}

func recoverMiddleware(log *zap.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) (err error) {
			defer func() {
				if r := recover(); r != nil {
					log.Error("task panic", zap.String("type", t.Type()), zap.Any("panic", r))
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return next.ProcessTask(ctx, t)
		})
	}
}

// Module wires asynq.
var Module = fx.Module("taskqueue",
	fx.Provide(NewEnqueuer, NewServer),
	fx.Invoke(func(*asynq.Server) {}),
)
