package bus

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/vinoteca/wineclub/internal/platform/metrics"
)

// Validator is implemented by commands that can check themselves.
type Validator interface {
	Validate() error
}

// ValidationError wraps a command validation failure.
type ValidationError struct{ Err error }

func (e *ValidationError) Error() string { return "invalid command: " + e.Err.Error() }
func (e *ValidationError) Unwrap() error { return e.Err }

// Logging logs each command with its duration and outcome.
func Logging(log *slog.Logger) Middleware {
	return func(next Next) Next {
		return func(ctx context.Context, name string, cmd any) (any, error) {
			start := time.Now()
			out, err := next(ctx, name, cmd)
			attrs := []any{slog.String("command", name), slog.Duration("took", time.Since(start))}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, slog.String("err", err.Error()))...)
			} else {
				log.DebugContext(ctx, "command handled", attrs...)
			}
			return out, err
		}
	}
}

// Metrics records count and latency per command name.
func Metrics(reg *metrics.Registry) Middleware {
	return func(next Next) Next {
		return func(ctx context.Context, name string, cmd any) (any, error) {
			start := time.Now()
			out, err := next(ctx, name, cmd)
			outcome := "ok"
			if err != nil {
				outcome = "error"
			}
			reg.Counter("commands_total", name, outcome).Inc()
			reg.Histogram("command_seconds", name).Observe(time.Since(start).Seconds())
			return out, err
		}
	}
}

// Validate rejects commands whose Validate method fails.
func Validate() Middleware {
	return func(next Next) Next {
		return func(ctx context.Context, name string, cmd any) (any, error) {
			if v, ok := cmd.(Validator); ok {
				if err := v.Validate(); err != nil {
					return nil, &ValidationError{Err: err}
				}
			}
			return next(ctx, name, cmd)
		}
	}
}

// IsValidation reports whether err came from the Validate middleware.
func IsValidation(err error) bool {
	var v *ValidationError
	return errors.As(err, &v)
}
