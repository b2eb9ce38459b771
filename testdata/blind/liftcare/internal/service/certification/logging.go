package certification

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/logging"
)

type loggingService struct {
	next Service
	log  *slog.Logger
}

// WithLogging decorates s with structured call logging.
func WithLogging(s Service, log *slog.Logger) Service {
	return &loggingService{next: s, log: log.With("svc", "certification")}
}

func (l *loggingService) FileForInspection(ctx context.Context, inspectionID uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "file_for_inspection", &err, "inspection_id", inspectionID)()
	return l.next.FileForInspection(ctx, inspectionID)
}

func (l *loggingService) RecordIssued(ctx context.Context, n IssuedNotice) (err error) {
	defer logging.Track(ctx, l.log, "record_issued", &err, "certificate_no", n.CertificateNo)()
	return l.next.RecordIssued(ctx, n)
}

func (l *loggingService) RecordRevoked(ctx context.Context, n RevokedNotice) (err error) {
	defer logging.Track(ctx, l.log, "record_revoked", &err, "certificate_no", n.CertificateNo)()
	return l.next.RecordRevoked(ctx, n)
}

func (l *loggingService) RequestAmendment(ctx context.Context, certificateNo, reason string) (id uuid.UUID, err error) {
	defer logging.Track(ctx, l.log, "request_amendment", &err, "certificate_no", certificateNo)()
	return l.next.RequestAmendment(ctx, certificateNo, reason)
}

func (l *loggingService) FileAmendment(ctx context.Context, amendmentID uuid.UUID) (err error) {
	defer logging.Track(ctx, l.log, "file_amendment", &err, "amendment_id", amendmentID)()
	return l.next.FileAmendment(ctx, amendmentID)
}
