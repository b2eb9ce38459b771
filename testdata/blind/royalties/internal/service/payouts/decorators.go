package payouts

import (
	"context"
	"log/slog"
	"time"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/metrics"
	"github.com/soundledger/royalties/internal/provider/mailer"
)

// Instrument wraps next with logging and metrics around every method.
func Instrument(next Service, log *slog.Logger, rec metrics.Recorder) Service {
	return &instrumented{next: next, log: log.With(slog.String("service", "payouts")), rec: rec}
}

type instrumented struct {
	next Service
	log  *slog.Logger
	rec  metrics.Recorder
}

func (i *instrumented) track(ctx context.Context, op string, start time.Time, err error, attrs ...any) {
	i.rec.Observe("payouts_op_seconds", time.Since(start), op)
	i.rec.Inc("payouts_op_total", op, metrics.Outcome(err))
	attrs = append(attrs, slog.String("op", op), slog.Duration("took", time.Since(start)))
	if err != nil {
		i.log.ErrorContext(ctx, "payout op failed", append(attrs, slog.Any("err", err))...)
		return
	}
	i.log.InfoContext(ctx, "payout op", attrs...)
}

func payoutAttrs(p domain.Payout) []any {
	return []any{slog.String("payout_id", p.ID), slog.String("status", p.Status), slog.Int64("amount_cents", p.AmountCents)}
}

func (i *instrumented) ExecuteStatementTransfer(ctx context.Context, statementID string) (p domain.Payout, err error) {
	defer func(t time.Time) {
		i.track(ctx, "statement_transfer", t, err, append(payoutAttrs(p), slog.String("statement_id", statementID))...)
	}(time.Now())
	return i.next.ExecuteStatementTransfer(ctx, statementID)
}

func (i *instrumented) ExecuteBankPayout(ctx context.Context, transferPayoutID string) (p domain.Payout, err error) {
	defer func(t time.Time) {
		i.track(ctx, "bank_payout", t, err, append(payoutAttrs(p), slog.String("parent_id", transferPayoutID))...)
	}(time.Now())
	return i.next.ExecuteBankPayout(ctx, transferPayoutID)
}

func (i *instrumented) ManualTransfer(ctx context.Context, req ManualRequest) (p domain.Payout, err error) {
	defer func(t time.Time) {
		i.track(ctx, "manual_transfer", t, err, append(payoutAttrs(p), slog.String("requested_by", req.RequestedBy))...)
	}(time.Now())
	return i.next.ManualTransfer(ctx, req)
}

func (i *instrumented) RetryBankPayout(ctx context.Context, payoutID, actor string) (p domain.Payout, err error) {
	defer func(t time.Time) {
		i.track(ctx, "retry_bank_payout", t, err, append(payoutAttrs(p), slog.String("actor", actor))...)
	}(time.Now())
	return i.next.RetryBankPayout(ctx, payoutID, actor)
}

func (i *instrumented) Cancel(ctx context.Context, payoutID, actor string) (p domain.Payout, err error) {
	defer func(t time.Time) {
		i.track(ctx, "cancel", t, err, append(payoutAttrs(p), slog.String("actor", actor))...)
	}(time.Now())
	return i.next.Cancel(ctx, payoutID, actor)
}

func (i *instrumented) SendPayoutNotice(ctx context.Context, payoutID string, opts ...mailer.SendOption) (err error) {
	defer func(t time.Time) { i.track(ctx, "payout_notice", t, err, slog.String("payout_id", payoutID)) }(time.Now())
	return i.next.SendPayoutNotice(ctx, payoutID, opts...)
}

func (i *instrumented) Get(ctx context.Context, payoutID string) (domain.Payout, error) {
	return i.next.Get(ctx, payoutID)
}
