package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/haulgrid/loadboard/internal/providers/paystream"
)

// WithPaymentLogging decorates a Payments implementation with structured
// logging of every call and its latency.
func WithPaymentLogging(next Payments, log *slog.Logger) Payments {
	return &loggedPayments{next: next, log: log.With("provider", "paystream")}
}

type loggedPayments struct {
	next Payments
	log  *slog.Logger
}

func (p *loggedPayments) CreateTransfer(ctx context.Context, req paystream.TransferRequest, opts ...paystream.CallOption) (*paystream.Transfer, error) {
	start := time.Now()
	tr, err := p.next.CreateTransfer(ctx, req, opts...)
	attrs := []any{
		"op", "create_transfer",
		"payout_id", req.Metadata["payout_id"],
		"amount_cents", req.AmountCents,
		"elapsed", time.Since(start),
	}
	if err != nil {
		p.log.ErrorContext(ctx, "paystream call failed", append(attrs, "error", err)...)
		return nil, err
	}
	p.log.InfoContext(ctx, "paystream call", append(attrs, "transfer_id", tr.ID, "status", tr.Status)...)
	return tr, nil
}

func (p *loggedPayments) GetTransfer(ctx context.Context, id string) (*paystream.Transfer, error) {
	start := time.Now()
	tr, err := p.next.GetTransfer(ctx, id)
	if err != nil {
		p.log.WarnContext(ctx, "paystream call failed", "op", "get_transfer", "transfer_id", id, "elapsed", time.Since(start), "error", err)
	}
	return tr, err
}
