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

// A consumer whose handlers are registered by topic through a typed
// adapter, and whose claim loop selects on the messages.
type msgHandler func(ctx context.Context, msg *sarama.ConsumerMessage) error

type topicConsumer struct{ handlers map[string]msgHandler }

func (c *topicConsumer) handle(topic string, h msgHandler) { c.handlers[topic] = h }

func asJSON[T any](fn func(ctx context.Context, v T) error) msgHandler {
	return func(ctx context.Context, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop topicConsumer.ConsumeClaim through 2 calls`
		var v T
		return fn(ctx, v)
	}
}

func (c *topicConsumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (c *topicConsumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c *topicConsumer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h := c.handlers[claim.Topic()]
	for {
		select { // want `root: sarama consumer loop topicConsumer.ConsumeClaim`
		case <-sess.Context().Done():
			return nil
		case msg := <-claim.Messages():
			if err := c.process(sess.Context(), h, msg); err != nil {
				return err
			}
		}
	}
}

func (c *topicConsumer) process(ctx context.Context, h msgHandler, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop topicConsumer.ConsumeClaim through 1 calls`
	return h(ctx, msg)
}

type modification struct{ ID string }

type sync struct{}

// modified is what the adapter's closure calls, as a captured value: the
// closure stands for every registration, so what it calls is not taken
// for one of them (a shared retry helper's closure would make every
// caller's function look retried).
func (s *sync) modified(ctx context.Context, m modification) error {
	return nil
}

func registerTopics(c *topicConsumer, s *sync) {
	c.handle("modifications", asJSON(s.modified))
}
