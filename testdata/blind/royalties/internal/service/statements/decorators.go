package statements

import (
	"context"
	"log/slog"
	"time"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/metrics"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/queue"
)

// WithLogging decorates next with structured logs of every call's outcome.
func WithLogging(next Service, log *slog.Logger) Service {
	return &logged{next: next, log: log.With(slog.String("service", "statements"))}
}

type logged struct {
	next Service
	log  *slog.Logger
}

func (l *logged) done(ctx context.Context, op string, start time.Time, err error, attrs ...any) {
	attrs = append(attrs, slog.String("op", op), slog.Duration("took", time.Since(start)))
	if err != nil {
		l.log.ErrorContext(ctx, "statement op failed", append(attrs, slog.Any("err", err))...)
		return
	}
	l.log.DebugContext(ctx, "statement op", attrs...)
}

func (l *logged) ScheduleRun(ctx context.Context, p domain.Period) (res queue.Result, err error) {
	defer func(t time.Time) { l.done(ctx, "schedule_run", t, err, slog.String("period", string(p))) }(time.Now())
	return l.next.ScheduleRun(ctx, p)
}

func (l *logged) RunMonth(ctx context.Context, p domain.Period) (n int, err error) {
	defer func(t time.Time) { l.done(ctx, "run_month", t, err, slog.Int("enqueued", n)) }(time.Now())
	return l.next.RunMonth(ctx, p)
}

func (l *logged) Compute(ctx context.Context, artistID string, p domain.Period) (st domain.Statement, err error) {
	defer func(t time.Time) { l.done(ctx, "compute", t, err, slog.String("artist_id", artistID)) }(time.Now())
	return l.next.Compute(ctx, artistID, p)
}

func (l *logged) SendEmail(ctx context.Context, id string, opts ...mailer.SendOption) (err error) {
	defer func(t time.Time) { l.done(ctx, "send_email", t, err, slog.String("statement_id", id)) }(time.Now())
	return l.next.SendEmail(ctx, id, opts...)
}

func (l *logged) Resend(ctx context.Context, id string) (err error) {
	defer func(t time.Time) { l.done(ctx, "resend", t, err, slog.String("statement_id", id)) }(time.Now())
	return l.next.Resend(ctx, id)
}

func (l *logged) Approve(ctx context.Context, id string) (st domain.Statement, err error) {
	defer func(t time.Time) { l.done(ctx, "approve", t, err, slog.String("statement_id", id)) }(time.Now())
	return l.next.Approve(ctx, id)
}

func (l *logged) Void(ctx context.Context, id, actor string) (st domain.Statement, err error) {
	defer func(t time.Time) { l.done(ctx, "void", t, err, slog.String("statement_id", id)) }(time.Now())
	return l.next.Void(ctx, id, actor)
}

func (l *logged) Get(ctx context.Context, id string) (domain.Statement, error) {
	return l.next.Get(ctx, id)
}

// WithMetrics decorates next with call counters and latencies.
func WithMetrics(next Service, rec metrics.Recorder) Service {
	return &measured{next: next, rec: rec}
}

type measured struct {
	next Service
	rec  metrics.Recorder
}

func (m *measured) observe(op string, start time.Time, err error) {
	m.rec.Observe("statements_op_seconds", time.Since(start), op)
	m.rec.Inc("statements_op_total", op, metrics.Outcome(err))
}

func (m *measured) ScheduleRun(ctx context.Context, p domain.Period) (res queue.Result, err error) {
	defer func(t time.Time) { m.observe("schedule_run", t, err) }(time.Now())
	return m.next.ScheduleRun(ctx, p)
}

func (m *measured) RunMonth(ctx context.Context, p domain.Period) (n int, err error) {
	defer func(t time.Time) { m.observe("run_month", t, err) }(time.Now())
	return m.next.RunMonth(ctx, p)
}

func (m *measured) Compute(ctx context.Context, artistID string, p domain.Period) (st domain.Statement, err error) {
	defer func(t time.Time) { m.observe("compute", t, err) }(time.Now())
	return m.next.Compute(ctx, artistID, p)
}

func (m *measured) SendEmail(ctx context.Context, id string, opts ...mailer.SendOption) (err error) {
	defer func(t time.Time) { m.observe("send_email", t, err) }(time.Now())
	return m.next.SendEmail(ctx, id, opts...)
}

func (m *measured) Resend(ctx context.Context, id string) (err error) {
	defer func(t time.Time) { m.observe("resend", t, err) }(time.Now())
	return m.next.Resend(ctx, id)
}

func (m *measured) Approve(ctx context.Context, id string) (st domain.Statement, err error) {
	defer func(t time.Time) { m.observe("approve", t, err) }(time.Now())
	return m.next.Approve(ctx, id)
}

func (m *measured) Void(ctx context.Context, id, actor string) (st domain.Statement, err error) {
	defer func(t time.Time) { m.observe("void", t, err) }(time.Now())
	return m.next.Void(ctx, id, actor)
}

func (m *measured) Get(ctx context.Context, id string) (domain.Statement, error) {
	return m.next.Get(ctx, id)
}
