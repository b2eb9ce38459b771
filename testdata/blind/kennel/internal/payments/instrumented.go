package payments

import (
	"context"
	"log/slog"
	"time"
)

// Instrumented logs every gateway call with its latency and outcome.
type Instrumented struct {
	next Gateway
	log  *slog.Logger
}

// Instrument decorates next.
func Instrument(next Gateway, log *slog.Logger) Gateway {
	return &Instrumented{next: next, log: log.With("component", "payments")}
}

func (g *Instrumented) done(op string, start time.Time, err error, attrs ...any) {
	attrs = append(attrs, "op", op, "elapsed_ms", time.Since(start).Milliseconds())
	if err != nil {
		g.log.Warn("gateway call failed", append(attrs, "err", err)...)
		return
	}
	g.log.Info("gateway call", attrs...)
}

// CreateDeposit implements Gateway.
func (g *Instrumented) CreateDeposit(ctx context.Context, req DepositRequest) (*Intent, error) {
	start := time.Now()
	out, err := g.next.CreateDeposit(ctx, req)
	g.done("create_deposit", start, err, "amount", req.AmountCents)
	return out, err
}

// Charge implements Gateway.
func (g *Instrumented) Charge(ctx context.Context, req ChargeRequest) (*Intent, error) {
	start := time.Now()
	out, err := g.next.Charge(ctx, req)
	g.done("charge", start, err, "amount", req.AmountCents)
	return out, err
}

// Refund implements Gateway.
func (g *Instrumented) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	start := time.Now()
	out, err := g.next.Refund(ctx, req)
	g.done("refund", start, err, "payment_intent", req.PaymentIntentID)
	return out, err
}

// Transfer implements Gateway.
func (g *Instrumented) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	start := time.Now()
	out, err := g.next.Transfer(ctx, req)
	g.done("transfer", start, err, "destination", req.Destination)
	return out, err
}
