package contract

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "contract")}
}

func (l *loggingService) Activate(ctx context.Context, id uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "activate", &err, "contract_id", id)()
	return l.next.Activate(ctx, id)
}

func (l *loggingService) Renew(ctx context.Context, id uuid.UUID, newEnd time.Time) (err error) {
	defer logging.Track(ctx, l.log, "renew", &err, "contract_id", id, "ends_on", newEnd.Format(time.DateOnly))()
	return l.next.Renew(ctx, id, newEnd)
}
