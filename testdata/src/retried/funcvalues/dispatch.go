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
		"partner.bookings":      p.onBooking,      // want `root: sarama consumer loop funcvalues.partners.onBooking, bound at dispatch.go:19:30`
		"partner.cancellations": p.onCancellation, // want `root: sarama consumer loop funcvalues.partners.onCancellation, bound at dispatch.go:20:30`
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

// modified is what the adapter's closure calls, as a captured value, for
// the call of the adapter whose result the consumer's table holds: the
// loop runs it through that registration.
func (s *sync) modified(ctx context.Context, m modification) error { // want `reached from sarama consumer loop funcvalues.sync.modified, bound at dispatch.go:105:37 through 1 calls`
	return nil
}

// replayed is adapted too, but what the adapter returns for it goes to
// no consumer: the closure stands for every call of the adapter, so
// what one call adapts is not taken for another's (a shared retry
// helper's closure would make every caller's function look retried).
func (s *sync) replayed(ctx context.Context, m modification) error {
	return nil
}

func registerTopics(c *topicConsumer, s *sync) {
	c.handle("modifications", asJSON(s.modified)) // want `root: sarama consumer loop funcvalues.sync.modified, bound at dispatch.go:105:37`
}

func replay(ctx context.Context, s *sync, msg *sarama.ConsumerMessage) error {
	return asJSON(s.replayed)(ctx, msg)
}

// A table of entries whose handlers are a service interface's methods,
// adapted by a generic decoder, and a consumer that runs the entry of
// each message's topic: each method in the table is an operation of
// its own, which the program's wiring resolves.
type Inventory interface {
	Apply(ctx context.Context, v adjustment) error
	Recount(ctx context.Context, v adjustment) error
}

type adjustment struct{ SKU string }

type entry struct {
	topic  string
	handle msgHandler
}

func decoded[T any](fn func(ctx context.Context, v T) error) msgHandler {
	return func(ctx context.Context, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop entryConsumer.ConsumeClaim through 2 calls`
		var v T
		return fn(ctx, v)
	}
}

func entries(inv Inventory) []entry {
	return []entry{{"inventory.adjusted", decoded(inv.Apply)}} // want `root: sarama consumer loop funcvalues.Inventory.Apply, bound at dispatch.go:\d+:\d+`
}

// recount adapts Recount for a caller that no consumer runs.
func recount(inv Inventory) msgHandler { return decoded(inv.Recount) }

type entryConsumer struct{ entries []entry }

func (c *entryConsumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (c *entryConsumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c *entryConsumer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `root: sarama consumer loop entryConsumer.ConsumeClaim`
		for _, e := range c.entries {
			if e.topic == msg.Topic {
				_ = c.dispatch(sess.Context(), e, msg)
			}
		}
	}
	return nil
}

func (c *entryConsumer) dispatch(ctx context.Context, e entry, msg *sarama.ConsumerMessage) error { // want `reached from sarama consumer loop entryConsumer.ConsumeClaim through 1 calls`
	return e.handle(ctx, msg)
}
