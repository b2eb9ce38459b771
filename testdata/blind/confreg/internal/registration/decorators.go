package registration

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging logs every call that fails.
func WithLogging(next Service, log *slog.Logger) Service {
	return &loggingService{next: next, log: log.With("component", "registration")}
}

func (l *loggingService) done(ctx context.Context, method string, start time.Time, err error, attrs ...any) {
	if err == nil {
		l.log.DebugContext(ctx, method, append(attrs, "took", time.Since(start))...)
		return
	}
	l.log.WarnContext(ctx, method+" failed", append(attrs, "err", err, "took", time.Since(start))...)
}

func (l *loggingService) Register(ctx context.Context, in RegisterInput) (r *domain.Registration, err error) {
	defer func(t time.Time) { l.done(ctx, "Register", t, err, "conference", in.ConferenceSlug) }(time.Now())
	return l.next.Register(ctx, in)
}

func (l *loggingService) Get(ctx context.Context, id uuid.UUID) (r *domain.Registration, err error) {
	defer func(t time.Time) { l.done(ctx, "Get", t, err, "registration_id", id) }(time.Now())
	return l.next.Get(ctx, id)
}

func (l *loggingService) PlaceOrder(ctx context.Context, in OrderInput) (o *domain.TicketOrder, err error) {
	defer func(t time.Time) {
		l.done(ctx, "PlaceOrder", t, err, "registration_id", in.RegistrationID, "ticket", in.TicketCode)
	}(time.Now())
	return l.next.PlaceOrder(ctx, in)
}

func (l *loggingService) PayOrder(ctx context.Context, in PayInput) (o *domain.TicketOrder, err error) {
	defer func(t time.Time) { l.done(ctx, "PayOrder", t, err, "order_id", in.OrderID) }(time.Now())
	return l.next.PayOrder(ctx, in)
}

func (l *loggingService) Cancel(ctx context.Context, in CancelInput) (err error) {
	defer func(t time.Time) { l.done(ctx, "Cancel", t, err, "registration_id", in.RegistrationID) }(time.Now())
	return l.next.Cancel(ctx, in)
}

type metricsService struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics records call counts and latency.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &metricsService{next: next, rec: rec}
}

func (m *metricsService) Register(ctx context.Context, in RegisterInput) (r *domain.Registration, err error) {
	defer func(t time.Time) { m.rec.ObserveCall("registration", "Register", t, err) }(time.Now())
	return m.next.Register(ctx, in)
}

func (m *metricsService) Get(ctx context.Context, id uuid.UUID) (r *domain.Registration, err error) {
	defer func(t time.Time) { m.rec.ObserveCall("registration", "Get", t, err) }(time.Now())
	return m.next.Get(ctx, id)
}

func (m *metricsService) PlaceOrder(ctx context.Context, in OrderInput) (o *domain.TicketOrder, err error) {
	defer func(t time.Time) { m.rec.ObserveCall("registration", "PlaceOrder", t, err) }(time.Now())
	return m.next.PlaceOrder(ctx, in)
}

func (m *metricsService) PayOrder(ctx context.Context, in PayInput) (o *domain.TicketOrder, err error) {
	defer func(t time.Time) { m.rec.ObserveCall("registration", "PayOrder", t, err) }(time.Now())
	return m.next.PayOrder(ctx, in)
}

func (m *metricsService) Cancel(ctx context.Context, in CancelInput) (err error) {
	defer func(t time.Time) { m.rec.ObserveCall("registration", "Cancel", t, err) }(time.Now())
	return m.next.Cancel(ctx, in)
}
