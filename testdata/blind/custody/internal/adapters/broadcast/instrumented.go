package broadcast

import (
	"context"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/ports"
)

// Instrumented logs every provider call with its latency and outcome.
type Instrumented struct {
	next ports.Broadcaster
	log  *slog.Logger
}

func NewInstrumented(next *Client, log *slog.Logger) *Instrumented {
	return &Instrumented{next: next, log: log.With("provider", "broadcast")}
}

func (i *Instrumented) Transfer(ctx context.Context, req ports.TransferRequest) (ports.TransferResult, error) {
	start := time.Now()
	res, err := i.next.Transfer(ctx, req)
	i.log.InfoContext(ctx, "transfer",
		"request_id", req.RequestID,
		"chain", req.Chain,
		"asset", req.Asset,
		"amount", req.Amount.String(),
		"tx_hash", res.TxHash,
		"took", time.Since(start),
		"err", err,
	)
	return res, err
}

func (i *Instrumented) NewAddress(ctx context.Context, req ports.NewAddressRequest) (ports.NewAddressResult, error) {
	start := time.Now()
	res, err := i.next.NewAddress(ctx, req)
	i.log.InfoContext(ctx, "new_address", "request_id", req.RequestID, "chain", req.Chain, "took", time.Since(start), "err", err)
	return res, err
}

func (i *Instrumented) Balance(ctx context.Context, chain, address, asset string) (decimal.Decimal, error) {
	return i.next.Balance(ctx, chain, address, asset)
}
