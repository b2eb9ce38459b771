// Package logging wraps service interfaces with structured request logs.
// Decorators embed the wrapped service and override the methods that are
// reached from the API; everything else passes straight through.
package logging

import (
	"context"
	"log/slog"
	"time"

	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/fees"
	"github.com/sealpoint-labs/notary/internal/httpx"
	"github.com/sealpoint-labs/notary/internal/identity"
	"github.com/sealpoint-labs/notary/internal/journal"
	"github.com/sealpoint-labs/notary/internal/recording"
	"github.com/sealpoint-labs/notary/internal/reqctx"
	"github.com/sealpoint-labs/notary/internal/sealing"
	"github.com/sealpoint-labs/notary/internal/session"
)

func observe[T any](ctx context.Context, log *slog.Logger, op string, fn func() (T, error)) (T, error) {
	start := time.Now()
	out, err := fn()
	attrs := []any{"op", op, "duration", time.Since(start)}
	if c, ok := reqctx.CallerFrom(ctx); ok {
		attrs = append(attrs, "caller", c.Subject, "role", string(c.Role))
	}
	if id := reqctx.RequestID(ctx); id != "" {
		attrs = append(attrs, "request_id", id)
	}
	if _, ok := reqctx.IdempotencyKey(ctx); ok {
		attrs = append(attrs, "idempotency_key", true)
	}
	if err != nil {
		log.ErrorContext(ctx, "service call failed", append(attrs, "err", err)...)
	} else {
		log.InfoContext(ctx, "service call", attrs...)
	}
	return out, err
}

func observeErr(ctx context.Context, log *slog.Logger, op string, fn func() error) error {
	_, err := observe(ctx, log, op, func() (struct{}, error) { return struct{}{}, fn() })
	return err
}

type sessionService struct {
	session.Service
	log *slog.Logger
}

func Sessions(next session.Service, log *slog.Logger) session.Service {
	return &sessionService{Service: next, log: log.With("service", "sessions")}
}

func (s *sessionService) Book(ctx context.Context, req session.BookRequest) (session.BookResponse, error) {
	return observe(ctx, s.log, "Book", func() (session.BookResponse, error) { return s.Service.Book(ctx, req) })
}

func (s *sessionService) Cancel(ctx context.Context, req session.CancelRequest) (domain.Session, error) {
	return observe(ctx, s.log, "Cancel", func() (domain.Session, error) { return s.Service.Cancel(ctx, req) })
}

type identityService struct {
	identity.Service
	log *slog.Logger
}

func Identity(next identity.Service, log *slog.Logger) identity.Service {
	return &identityService{Service: next, log: log.With("service", "identity")}
}

func (s *identityService) StartCheck(ctx context.Context, req identity.StartCheckRequest) (identity.StartCheckResponse, error) {
	return observe(ctx, s.log, "StartCheck", func() (identity.StartCheckResponse, error) { return s.Service.StartCheck(ctx, req) })
}

func (s *identityService) HandleWebhook(ctx context.Context, req httpx.RawRequest) error {
	return observeErr(ctx, s.log, "HandleWebhook", func() error { return s.Service.HandleWebhook(ctx, req) })
}

type feeService struct {
	fees.Service
	log *slog.Logger
}

func Fees(next fees.Service, log *slog.Logger) fees.Service {
	return &feeService{Service: next, log: log.With("service", "fees")}
}

func (s *feeService) Collect(ctx context.Context, req fees.CollectRequest) (domain.Fee, error) {
	return observe(ctx, s.log, "Collect", func() (domain.Fee, error) { return s.Service.Collect(ctx, req) })
}

func (s *feeService) HandleProviderEvent(ctx context.Context, req httpx.RawRequest) error {
	return observeErr(ctx, s.log, "HandleProviderEvent", func() error { return s.Service.HandleProviderEvent(ctx, req) })
}

type sealService struct {
	sealing.Service
	log *slog.Logger
}

func Sealing(next sealing.Service, log *slog.Logger) sealing.Service {
	return &sealService{Service: next, log: log.With("service", "sealing")}
}

func (s *sealService) Seal(ctx context.Context, req sealing.SealRequest) (domain.Seal, error) {
	return observe(ctx, s.log, "Seal", func() (domain.Seal, error) { return s.Service.Seal(ctx, req) })
}

type copyService struct {
	sealing.CopyService
	log *slog.Logger
}

func Copies(next sealing.CopyService, log *slog.Logger) sealing.CopyService {
	return &copyService{CopyService: next, log: log.With("service", "copies")}
}

func (s *copyService) Issue(ctx context.Context, req sealing.IssueCopyRequest) (sealing.IssueCopyResponse, error) {
	return observe(ctx, s.log, "Issue", func() (sealing.IssueCopyResponse, error) { return s.CopyService.Issue(ctx, req) })
}

type journalService struct {
	journal.Service
	log *slog.Logger
}

func Journal(next journal.Service, log *slog.Logger) journal.Service {
	return &journalService{Service: next, log: log.With("service", "journal")}
}

func (s *journalService) Record(ctx context.Context, req journal.RecordRequest) (domain.JournalEntry, error) {
	return observe(ctx, s.log, "Record", func() (domain.JournalEntry, error) { return s.Service.Record(ctx, req) })
}

type recordingService struct {
	recording.Service
	log *slog.Logger
}

func Recording(next recording.Service, log *slog.Logger) recording.Service {
	return &recordingService{Service: next, log: log.With("service", "recording")}
}

func (s *recordingService) Request(ctx context.Context, req recording.RecordRequest) (domain.Recording, error) {
	return observe(ctx, s.log, "Request", func() (domain.Recording, error) { return s.Service.Request(ctx, req) })
}
