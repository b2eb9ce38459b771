package callout

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
	"github.com/liftwell-systems/liftcare/internal/store"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "callout")}
}

func (l *loggingService) Report(ctx context.Context, r Report) (err error) {
	defer logging.Track(ctx, l.log, "report", &err, "callout_id", r.ID, "lift_id", r.LiftID)()
	return l.next.Report(ctx, r)
}

func (l *loggingService) Get(ctx context.Context, id uuid.UUID) (store.Callout, error) {
	return l.next.Get(ctx, id)
}

func (l *loggingService) Assign(ctx context.Context, id, technicianID uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "assign", &err, "callout_id", id, "technician_id", technicianID)()
	return l.next.Assign(ctx, id, technicianID)
}

func (l *loggingService) Dispatch(ctx context.Context, id uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "dispatch", &err, "callout_id", id)()
	return l.next.Dispatch(ctx, id)
}

func (l *loggingService) MarkAnnounced(ctx context.Context, id uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "mark_announced", &err, "callout_id", id)()
	return l.next.MarkAnnounced(ctx, id)
}

func (l *loggingService) Complete(ctx context.Context, id uuid.UUID, c Completion) (err error) {
	defer logging.Track(ctx, l.log, "complete", &err, "callout_id", id, "minutes", c.Minutes)()
	return l.next.Complete(ctx, id, c)
}
