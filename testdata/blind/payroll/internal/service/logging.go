package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/acme/payroll/internal/domain"
)

// loggingPayrunService logs every call with its latency and outcome.
type loggingPayrunService struct {
	next PayrunService
	log  *slog.Logger
}

func WithLogging(next PayrunService, log *slog.Logger) PayrunService {
	return &loggingPayrunService{next: next, log: log.With("svc", "payrun")}
}

func (l *loggingPayrunService) done(ctx context.Context, op string, start time.Time, err error, attrs ...any) {
	attrs = append(attrs, "op", op, "took", time.Since(start))
	if err != nil {
		l.log.ErrorContext(ctx, "call failed", append(attrs, "err", err)...)
		return
	}
	l.log.InfoContext(ctx, "call ok", attrs...)
}

func (l *loggingPayrunService) Submit(ctx context.Context, in SubmitPayRunInput) (run *domain.PayRun, err error) {
	defer func(start time.Time) {
		l.done(ctx, "Submit", start, err, "company", in.CompanyID, "lines", len(in.Lines))
	}(time.Now())
	return l.next.Submit(ctx, in)
}

func (l *loggingPayrunService) Approve(ctx context.Context, runID, approver string) (run *domain.PayRun, err error) {
	defer func(start time.Time) { l.done(ctx, "Approve", start, err, "run", runID) }(time.Now())
	return l.next.Approve(ctx, runID, approver)
}

func (l *loggingPayrunService) EmailPayslips(ctx context.Context, runID, actor string) (rep EmailReport, err error) {
	defer func(start time.Time) {
		l.done(ctx, "EmailPayslips", start, err, "run", runID, "sent", rep.Sent)
	}(time.Now())
	return l.next.EmailPayslips(ctx, runID, actor)
}

func (l *loggingPayrunService) Get(ctx context.Context, runID string) (run *domain.PayRun, err error) {
	defer func(start time.Time) { l.done(ctx, "Get", start, err, "run", runID) }(time.Now())
	return l.next.Get(ctx, runID)
}
