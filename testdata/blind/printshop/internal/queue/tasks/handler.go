package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
)

// Delivery is one execution of a task with a decoded payload.
type Delivery[T any] struct {
	TaskID   string
	Type     string
	Retried  int
	MaxRetry int
	Payload  T
}

// Handler processes a decoded task.
type Handler[T any] func(ctx context.Context, d Delivery[T]) error

// Middleware wraps a Handler.
type Middleware[T any] func(Handler[T]) Handler[T]

// Chain applies mws so that the first one is the outermost.
func Chain[T any](h Handler[T], mws ...Middleware[T]) Handler[T] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// Adapt turns a typed handler into an asynq handler. Payloads that do not
// decode are not retried.
func Adapt[T any](h Handler[T]) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p T
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		id, _ := asynq.GetTaskID(ctx)
		retried, _ := asynq.GetRetryCount(ctx)
		maxRetry, _ := asynq.GetMaxRetry(ctx)
		return h(ctx, Delivery[T]{TaskID: id, Type: t.Type(), Retried: retried, MaxRetry: maxRetry, Payload: p})
	}
}

// Register decorates h with mws and mounts it on mux.
func Register[T any](mux *asynq.ServeMux, typ string, h Handler[T], mws ...Middleware[T]) {
	mux.Handle(typ, Adapt(Chain(h, mws...)))
}

func Logging[T any](log *zap.Logger) Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, d Delivery[T]) error {
			start := time.Now()
			err := next(ctx, d)
			fields := []zap.Field{
				zap.String("task_type", d.Type),
				zap.String("task_id", d.TaskID),
				zap.Int("retried", d.Retried),
				zap.Duration("took", time.Since(start)),
			}
			if err != nil {
				log.Warn("task failed", append(fields, zap.Error(err))...)
			} else {
				log.Debug("task done", fields...)
			}
			return err
		}
	}
}

func Timeout[T any](d time.Duration) Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, del Delivery[T]) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, del)
		}
	}
}

func Recover[T any](log *zap.Logger) Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, d Delivery[T]) (err error) {
			defer func() {
				if r := recover(); r != nil {
					log.Error("task panicked", zap.String("task_type", d.Type), zap.Any("panic", r),
						zap.ByteString("stack", debug.Stack()))
					err = fmt.Errorf("panic in %s: %v", d.Type, r)
				}
			}()
			return next(ctx, d)
		}
	}
}

// Validate rejects payloads that fail check without retrying them.
func Validate[T any](check func(T) error) Middleware[T] {
	return func(next Handler[T]) Handler[T] {
		return func(ctx context.Context, d Delivery[T]) error {
			if err := check(d.Payload); err != nil {
				return fmt.Errorf("invalid %s payload: %v: %w", d.Type, err, asynq.SkipRetry)
			}
			return next(ctx, d)
		}
	}
}
