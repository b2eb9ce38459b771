// Package command defines the command-handler abstraction used by the gRPC and
// admin surfaces, and the decorator that adds logging, metrics and the audit trail.
package command

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Handler executes one command and returns its result.
type Handler[C any, R any] interface {
	Handle(ctx context.Context, cmd C) (R, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any, R any] func(ctx context.Context, cmd C) (R, error)

// Handle calls f.
func (f HandlerFunc[C, R]) Handle(ctx context.Context, cmd C) (R, error) { return f(ctx, cmd) }

// Subjecter is implemented by commands that can name the entity they act on;
// the subject is written to logs and to the command log.
type Subjecter interface {
	Subject() string
}

type decorator struct {
	log     *slog.Logger
	metrics metrics.Recorder
	audit   store.CommandLog
	slow    time.Duration
}

// Option configures Decorate.
type Option func(*decorator)

// WithLogger sets the logger. Defaults to slog.Default().
func WithLogger(l *slog.Logger) Option { return func(d *decorator) { d.log = l } }

// WithMetrics sets the metrics recorder. Defaults to a no-op.
func WithMetrics(m metrics.Recorder) Option { return func(d *decorator) { d.metrics = m } }

// WithCommandLog writes one audit row per invocation.
func WithCommandLog(l store.CommandLog) Option { return func(d *decorator) { d.audit = l } }

// WithSlowThreshold logs invocations slower than t at warn level.
func WithSlowThreshold(t time.Duration) Option { return func(d *decorator) { d.slow = t } }

// Decorate wraps h with structured logging, latency/outcome metrics and,
// when configured, the command log.
func Decorate[C any, R any](name string, h Handler[C, R], opts ...Option) Handler[C, R] {
	d := &decorator{log: slog.Default(), metrics: metrics.Nop{}, slow: 2 * time.Second}
	for _, o := range opts {
		o(d)
	}
	return HandlerFunc[C, R](func(ctx context.Context, cmd C) (R, error) {
		start := time.Now()
		subject := ""
		if s, ok := any(cmd).(Subjecter); ok {
			subject = s.Subject()
		}
		res, err := h.Handle(ctx, cmd)
		elapsed := time.Since(start)
		outcome := classify(err)

		d.metrics.Inc("command_total", name, outcome)
		d.metrics.Observe("command_latency", elapsed, name)

		attrs := []any{"command", name, "subject", subject, "outcome", outcome, "elapsed", elapsed}
		switch {
		case err != nil && outcome == "error":
			d.log.ErrorContext(ctx, "command failed", append(attrs, "err", err)...)
		case err != nil:
			d.log.InfoContext(ctx, "command rejected", append(attrs, "err", err)...)
		case elapsed > d.slow:
			d.log.WarnContext(ctx, "command slow", attrs...)
		default:
			d.log.DebugContext(ctx, "command ok", attrs...)
		}

		if d.audit != nil {
			entry := store.CommandLogEntry{
				Command:    name,
				Subject:    subject,
				Outcome:    outcome,
				DurationMS: int(elapsed.Milliseconds()),
			}
			if err != nil {
				entry.Error = err.Error()
			}
			// The audit row is best effort and must not change the command's result.
			auditCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
			if aerr := d.audit.Record(auditCtx, entry); aerr != nil {
				d.log.WarnContext(ctx, "command log write failed", "command", name, "err", aerr)
			}
			cancel()
		}
		return res, err
	})
}

func classify(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, domain.ErrNotFound),
		errors.Is(err, domain.ErrInvalidArgument),
		errors.Is(err, domain.ErrInvalidTransition),
		errors.Is(err, domain.ErrConflict):
		return "rejected"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "cancelled"
	default:
		return "error"
	}
}
