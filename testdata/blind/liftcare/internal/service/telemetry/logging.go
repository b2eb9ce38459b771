package telemetry

import (
	"context"
	"log/slog"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging. Status reports are
// not logged; they arrive every few seconds per lift.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "telemetry")}
}

func (l *loggingService) FaultRaised(ctx context.Context, e FaultRaised) (err error) {
	defer logging.Track(ctx, l.log, "fault_raised", &err, "event_id", e.EventID, "controller", e.ControllerID, "code", e.Code)()
	return l.next.FaultRaised(ctx, e)
}

func (l *loggingService) FaultCleared(ctx context.Context, e FaultCleared) (err error) {
	defer logging.Track(ctx, l.log, "fault_cleared", &err, "event_id", e.EventID, "controller", e.ControllerID)()
	return l.next.FaultCleared(ctx, e)
}

func (l *loggingService) StatusReported(ctx context.Context, e StatusReport) error {
	return l.next.StatusReported(ctx, e)
}

func (l *loggingService) FirmwareReported(ctx context.Context, e FirmwareReport) (err error) {
	defer logging.Track(ctx, l.log, "firmware", &err, "controller", e.ControllerID, "seq", e.Seq)()
	return l.next.FirmwareReported(ctx, e)
}
