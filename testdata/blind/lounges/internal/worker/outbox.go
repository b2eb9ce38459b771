package worker

import (
	"context"

	"github.com/hibiken/asynq"
)

// handleOutboxRelay drains the visit outbox to Kafka every minute.
func (h *Handlers) handleOutboxRelay(ctx context.Context, _ *asynq.Task) error {
	for {
		n, err := h.d.Loyalty.RelayOutbox(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
}
