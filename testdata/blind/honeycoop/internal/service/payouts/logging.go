package payouts

import (
	"context"
	"log/slog"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/store"
)

type logging struct {
	next Service
	log  *slog.Logger
}

// WithLogging logs every call to s.
func WithLogging(s Service, log *slog.Logger) Service {
	return &logging{next: s, log: log.With("service", "payouts")}
}

func (l *logging) RunPeriod(ctx context.Context, p string) (err error) {
	defer func(start time.Time) {
		l.log.InfoContext(ctx, "payout run", "period", p, "took", time.Since(start), "err", err)
	}(time.Now())
	return l.next.RunPeriod(ctx, p)
}

func (l *logging) RequestAdvance(ctx context.Context, memberID string, amountCents int64) (a *store.Advance, err error) {
	defer func(start time.Time) {
		l.log.InfoContext(ctx, "request advance", "member", memberID, "amount", amountCents,
			"took", time.Since(start), "err", err)
	}(time.Now())
	return l.next.RequestAdvance(ctx, memberID, amountCents)
}

func (l *logging) DisburseAdvance(ctx context.Context, advanceID string) (err error) {
	defer func(start time.Time) {
		l.log.InfoContext(ctx, "disburse advance", "advance", advanceID, "took", time.Since(start), "err", err)
	}(time.Now())
	return l.next.DisburseAdvance(ctx, advanceID)
}

func (l *logging) HandleBankEvent(ctx context.Context, ev BankEvent) (err error) {
	defer func(start time.Time) {
		l.log.InfoContext(ctx, "bank event", "event", ev.ID, "type", ev.Type, "payout", ev.PayoutID,
			"took", time.Since(start), "err", err)
	}(time.Now())
	return l.next.HandleBankEvent(ctx, ev)
}
