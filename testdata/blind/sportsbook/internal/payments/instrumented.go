package payments

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

type observed struct {
	next   Service
	m      *telemetry.Metrics
	tracer trace.Tracer
}

// Observe decorates s with spans and call metrics.
func Observe(s Service, m *telemetry.Metrics) Service {
	return &observed{next: s, m: m, tracer: telemetry.Tracer("payments")}
}

func (o *observed) Deposit(ctx context.Context, req DepositRequest) (res *DepositResult, err error) {
	defer o.m.Observe("payments", "Deposit", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.Deposit", "player.id", req.PlayerID, "request.id", req.RequestID)
	defer func() { telemetry.End(span, err) }()
	return o.next.Deposit(ctx, req)
}

func (o *observed) Confirm(ctx context.Context, depositID, pspPaymentID string, amount int64) (ok bool, err error) {
	defer o.m.Observe("payments", "Confirm", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.Confirm", "deposit.id", depositID)
	defer func() { telemetry.End(span, err) }()
	return o.next.Confirm(ctx, depositID, pspPaymentID, amount)
}

func (o *observed) Fail(ctx context.Context, depositID, code string) (ok bool, err error) {
	defer o.m.Observe("payments", "Fail", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.Fail", "deposit.id", depositID)
	defer func() { telemetry.End(span, err) }()
	return o.next.Fail(ctx, depositID, code)
}

func (o *observed) Refund(ctx context.Context, depositID string, amount int64, reason, operator string) (r *Refund, err error) {
	defer o.m.Observe("payments", "Refund", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.Refund", "deposit.id", depositID, "operator", operator)
	defer func() { telemetry.End(span, err) }()
	return o.next.Refund(ctx, depositID, amount, reason, operator)
}

func (o *observed) RecordChargeback(ctx context.Context, cb Chargeback) (err error) {
	defer o.m.Observe("payments", "RecordChargeback", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.RecordChargeback", "chargeback.id", cb.PSPChargebackID)
	defer func() { telemetry.End(span, err) }()
	return o.next.RecordChargeback(ctx, cb)
}

func (o *observed) Reconcile(ctx context.Context, olderThanSeconds, batch int) (n int, err error) {
	defer o.m.Observe("payments", "Reconcile", time.Now(), &err)
	ctx, span := telemetry.Start(ctx, o.tracer, "payments.Reconcile")
	defer func() { telemetry.End(span, err) }()
	return o.next.Reconcile(ctx, olderThanSeconds, batch)
}

func (o *observed) Get(ctx context.Context, depositID string) (*Deposit, error) {
	return o.next.Get(ctx, depositID)
}
