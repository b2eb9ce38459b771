package payments

import (
	"context"
	"log/slog"
	"time"
)

type loggingClient struct {
	next Client
	log  *slog.Logger
}

// WithLogging decorates a Client with structured request logging.
func WithLogging(next Client, log *slog.Logger) Client {
	return &loggingClient{next: next, log: log.With("provider", "cardrail")}
}

func (l *loggingClient) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	start := time.Now()
	ch, err := l.next.Charge(ctx, req, opts...)
	l.done("charge", start, req.AmountCents, err)
	return ch, err
}

func (l *loggingClient) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	start := time.Now()
	rf, err := l.next.Refund(ctx, req, opts...)
	l.done("refund", start, req.AmountCents, err)
	return rf, err
}

func (l *loggingClient) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*Payout, error) {
	start := time.Now()
	po, err := l.next.Payout(ctx, req, opts...)
	l.done("payout", start, req.AmountCents, err)
	return po, err
}

func (l *loggingClient) done(op string, start time.Time, amount int64, err error) {
	if err != nil {
		l.log.Warn("payments call failed", "op", op, "amount", amount, "took", time.Since(start), "err", err)
		return
	}
	l.log.Info("payments call", "op", op, "amount", amount, "took", time.Since(start))
}
