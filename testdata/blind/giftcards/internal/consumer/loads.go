package consumer

import (
	"context"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/lumen-gift/giftcards/internal/service"
)

// OfflineLoadHandler credits top-ups captured while a terminal was offline.
type OfflineLoadHandler struct {
	loads service.Loads
	log   *slog.Logger
}

func NewOfflineLoadHandler(loads service.Loads, log *slog.Logger) *OfflineLoadHandler {
	return &OfflineLoadHandler{loads: loads, log: log}
}

func (h *OfflineLoadHandler) Handle(ctx context.Context, m kafka.Message) error {
	line, err := decode[OfflineLoadLine](m.Value)
	if err != nil {
		return err
	}
	if err := h.loads.ApplyOffline(ctx, service.OfflineLoad{
		TerminalID:  line.TerminalID,
		CardCode:    line.CardCode,
		AmountCents: line.AmountCents,
		CapturedAt:  line.CapturedAt.Format("2006-01-02T15:04:05Z07:00"),
	}); err != nil {
		return err
	}
	h.log.InfoContext(ctx, "offline load applied", "batch_id", line.BatchID, "line", line.Line, "terminal_id", line.TerminalID)
	return nil
}
