package billing

import (
	"context"
	"log/slog"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "billing")}
}

func (l *loggingService) RunMonthly(ctx context.Context, period string) (sum Summary, err error) {
	defer logging.Track(ctx, l.log, "run_monthly", &err, "period", period)()
	sum, err = l.next.RunMonthly(ctx, period)
	l.log.InfoContext(ctx, "monthly run totals", "period", period,
		"invoiced", sum.Invoiced, "skipped", sum.Skipped, "failed", sum.Failed)
	return sum, err
}
