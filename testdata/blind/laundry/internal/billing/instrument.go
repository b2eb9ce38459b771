package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/freshpress/laundry/internal/payments"
)

// Instrument wraps a Processor with call logging.
func Instrument(next Processor, log *slog.Logger) Processor {
	return &loggedProcessor{next: next, log: log}
}

type loggedProcessor struct {
	next Processor
	log  *slog.Logger
}

func (l *loggedProcessor) observe(op string, start time.Time, err error, attrs ...any) {
	attrs = append(attrs, "op", op, "took", time.Since(start))
	if err != nil {
		l.log.Warn("processor call failed", append(attrs, "err", err)...)
		return
	}
	l.log.Debug("processor call", attrs...)
}

func (l *loggedProcessor) Authorize(ctx context.Context, req payments.AuthorizeRequest, opts ...payments.CallOption) (*payments.Intent, error) {
	start := time.Now()
	in, err := l.next.Authorize(ctx, req, opts...)
	l.observe("authorize", start, err, "amount", req.Amount)
	return in, err
}

func (l *loggedProcessor) Capture(ctx context.Context, intentID string, amount int64, opts ...payments.CallOption) (*payments.Intent, error) {
	start := time.Now()
	in, err := l.next.Capture(ctx, intentID, amount, opts...)
	l.observe("capture", start, err, "intent", intentID, "amount", amount)
	return in, err
}

func (l *loggedProcessor) Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Intent, error) {
	start := time.Now()
	in, err := l.next.Charge(ctx, req, opts...)
	l.observe("charge", start, err, "amount", req.Amount)
	return in, err
}

func (l *loggedProcessor) Void(ctx context.Context, intentID, reason string, opts ...payments.CallOption) (*payments.Intent, error) {
	start := time.Now()
	in, err := l.next.Void(ctx, intentID, reason, opts...)
	l.observe("void", start, err, "intent", intentID)
	return in, err
}
