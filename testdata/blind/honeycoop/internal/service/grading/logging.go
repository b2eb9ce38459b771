package grading

import (
	"context"
	"log/slog"
	"time"
)

type logging struct {
	next Service
	log  *slog.Logger
}

// WithLogging logs every call to s.
func WithLogging(s Service, log *slog.Logger) Service {
	return &logging{next: s, log: log.With("service", "grading")}
}

func (l *logging) done(ctx context.Context, op string, start time.Time, err error, attrs ...any) {
	attrs = append(attrs, "took", time.Since(start))
	if err != nil {
		l.log.ErrorContext(ctx, op+" failed", append(attrs, "err", err)...)
		return
	}
	l.log.InfoContext(ctx, op, attrs...)
}

func (l *logging) AssignGrade(ctx context.Context, ev GradeAssigned) (err error) {
	defer func(t time.Time) { l.done(ctx, "assign grade", t, err, "event", ev.EventID, "lot", ev.LotID) }(time.Now())
	return l.next.AssignGrade(ctx, ev)
}

func (l *logging) ReviseGrade(ctx context.Context, ev GradeRevised) (err error) {
	defer func(t time.Time) { l.done(ctx, "revise grade", t, err, "event", ev.EventID, "lot", ev.LotID) }(time.Now())
	return l.next.ReviseGrade(ctx, ev)
}

func (l *logging) RejectLot(ctx context.Context, ev LotRejected) (err error) {
	defer func(t time.Time) { l.done(ctx, "reject lot", t, err, "event", ev.EventID, "lot", ev.LotID) }(time.Now())
	return l.next.RejectLot(ctx, ev)
}

func (l *logging) CreditAdvance(ctx context.Context, jobID, lotID string) (err error) {
	defer func(t time.Time) { l.done(ctx, "credit advance", t, err, "job", jobID, "lot", lotID) }(time.Now())
	return l.next.CreditAdvance(ctx, jobID, lotID)
}
