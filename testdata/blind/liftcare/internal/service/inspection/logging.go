package inspection

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
	"github.com/liftwell-systems/liftcare/internal/provider/cityauth"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "inspection")}
}

func (l *loggingService) PlanMonth(ctx context.Context, year int, month time.Month) (n int, err error) {
	defer logging.Track(ctx, l.log, "plan_month", &err, "year", year, "month", int(month))()
	return l.next.PlanMonth(ctx, year, month)
}

func (l *loggingService) BookAuthorityVisit(ctx context.Context, visitID uuid.UUID, preferred time.Time) (b cityauth.Booking, err error) {
	defer logging.Track(ctx, l.log, "book_authority_visit", &err, "visit_id", visitID)()
	return l.next.BookAuthorityVisit(ctx, visitID, preferred)
}

func (l *loggingService) RecordResult(ctx context.Context, visitID uuid.UUID, result Result) (err error) {
	defer logging.Track(ctx, l.log, "record_result", &err, "visit_id", visitID, "result", result)()
	return l.next.RecordResult(ctx, visitID, result)
}

func (l *loggingService) SendReminders(ctx context.Context, day time.Time) (n int, err error) {
	defer logging.Track(ctx, l.log, "send_reminders", &err, "day", day.Format(time.DateOnly))()
	return l.next.SendReminders(ctx, day)
}
