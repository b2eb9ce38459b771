package payments

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/dinein/platform/internal/obs"
)

// Instrument wraps a Gateway with logging and provider metrics.
func Instrument(next Gateway, log *zap.Logger, m *obs.Metrics) Gateway {
	return &instrumented{next: next, log: log.Named("payments"), m: m}
}

type instrumented struct {
	next Gateway
	log  *zap.Logger
	m    *obs.Metrics
}

func (g *instrumented) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	start := time.Now()
	res, err := g.next.Charge(ctx, req, opts...)
	g.m.ObserveProvider("stripe", "charge", start, err)
	if err != nil {
		g.log.Warn("charge failed", zap.Int64("amount", req.AmountCents), zap.Error(err))
		return nil, err
	}
	g.log.Info("charge created", zap.String("intent", res.IntentID), zap.String("status", res.Status))
	return res, nil
}

func (g *instrumented) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*RefundResult, error) {
	start := time.Now()
	res, err := g.next.Refund(ctx, req, opts...)
	g.m.ObserveProvider("stripe", "refund", start, err)
	if err != nil {
		g.log.Warn("refund failed", zap.String("intent", req.IntentID), zap.Error(err))
		return nil, err
	}
	g.log.Info("refund created", zap.String("refund", res.RefundID), zap.String("intent", req.IntentID))
	return res, nil
}

func (g *instrumented) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (*TransferResult, error) {
	start := time.Now()
	res, err := g.next.Transfer(ctx, req, opts...)
	g.m.ObserveProvider("stripe", "transfer", start, err)
	if err != nil {
		g.log.Warn("transfer failed", zap.String("destination", req.Destination), zap.Error(err))
		return nil, err
	}
	g.log.Info("transfer created", zap.String("transfer", res.TransferID))
	return res, nil
}
