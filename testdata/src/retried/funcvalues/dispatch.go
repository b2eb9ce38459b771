package funcvalues

import (
	"context"

	"github.com/IBM/sarama"
)

// A consumer group handler that dispatches each message to the handler
// its topic's entry in a table names.
type groupHandler struct {
	handlers map[string]func(ctx context.Context, msg *sarama.ConsumerMessage) error
}

type partners struct{}

func newGroupHandler(p *partners) *groupHandler {
	return &groupHandler{handlers: map[string]func(ctx context.Context, msg *sarama.ConsumerMessage) error{
		"partner.bookings":      p.onBooking,
		"partner.cancellations": p.onCancellation,
	}}
}

func (h *groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *groupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `root: sarama consumer loop groupHandler.ConsumeClaim`
		handle, ok := h.handlers[msg.Topic]
		if !ok {
			continue
		}
		if err := handle(sess.Context(), msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (p *partners) onBooking(ctx context.Context, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop groupHandler.ConsumeClaim through 1 calls`
	return nil
}

func (p *partners) onCancellation(ctx context.Context, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop groupHandler.ConsumeClaim through 1 calls`
	return nil
}
