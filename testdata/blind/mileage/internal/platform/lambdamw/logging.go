package lambdamw

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
)

// Logging logs the outcome and duration of every invocation.
func Logging[E, R any](log *slog.Logger, fn string) Middleware[E, R] {
	return func(next Handler[E, R]) Handler[E, R] {
		return func(ctx context.Context, event E) (R, error) {
			start := time.Now()
			reqID := ""
			if lc, ok := lambdacontext.FromContext(ctx); ok {
				reqID = lc.AwsRequestID
			}
			out, err := next(ctx, event)
			attrs := []any{"function", fn, "request_id", reqID, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.ErrorContext(ctx, "invocation failed", append(attrs, "error", err)...)
			} else {
				log.InfoContext(ctx, "invocation done", attrs...)
			}
			return out, err
		}
	}
}

// Recover turns a panic into an error so the runtime reports a failed
// invocation instead of crashing the execution environment.
func Recover[E, R any](log *slog.Logger) Middleware[E, R] {
	return func(next Handler[E, R]) Handler[E, R] {
		return func(ctx context.Context, event E) (out R, err error) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(ctx, "panic", "panic", p, "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			return next(ctx, event)
		}
	}
}

// RecoverRecord is Recover for a single SQS record.
func RecoverRecord(log *slog.Logger) RecordMiddleware[events.SQSMessage] {
	return func(next RecordHandler[events.SQSMessage]) RecordHandler[events.SQSMessage] {
		return func(ctx context.Context, msg events.SQSMessage) (err error) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(ctx, "panic in record", "message_id", msg.MessageId, "panic", p, "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", p)
				}
			}()
			return next(ctx, msg)
		}
	}
}

// LogRecord logs failures of a single SQS record.
func LogRecord(log *slog.Logger, consumer string) RecordMiddleware[events.SQSMessage] {
	return func(next RecordHandler[events.SQSMessage]) RecordHandler[events.SQSMessage] {
		return func(ctx context.Context, msg events.SQSMessage) error {
			err := next(ctx, msg)
			if err != nil {
				log.WarnContext(ctx, "record failed",
					"consumer", consumer,
					"message_id", msg.MessageId,
					"receive_count", msg.Attributes["ApproximateReceiveCount"],
					"error", err)
			}
			return err
		}
	}
}
