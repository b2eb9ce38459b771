package billing

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/segmentio/kafka-go"
)

// StatementLinesTopic carries credit lines of the SEPA collection
// account's daily statement, published by the treasury system.
const StatementLinesTopic = "bank.statement-lines.v1"

type StatementLineHandler struct {
	payments *PaymentService
	log      *slog.Logger
}

func NewStatementLineHandler(p *PaymentService, log *slog.Logger) *StatementLineHandler {
	return &StatementLineHandler{payments: p, log: log.With("handler", StatementLinesTopic)}
}

func (h *StatementLineHandler) Handle(ctx context.Context, msg kafka.Message) error {
	var l StatementLine
	if err := json.Unmarshal(msg.Value, &l); err != nil || l.LineRef == "" {
		h.log.Error("dropping malformed statement line", "offset", msg.Offset, "err", err)
		return nil
	}
	if l.AmountCents <= 0 {
		// Debits are reconciled elsewhere.
		return nil
	}
	return h.payments.ApplyStatementLine(ctx, l)
}
