// Package consumer reads events from Kafka and hands each message to the
// handler its topic's table entry holds, retrying it in process.
package consumer

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtable/ledger"
)

// Handler processes one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Consumer holds the reader and the table of handlers by topic.
type Consumer struct {
	r        *kafka.Reader
	handlers map[string]Handler
}

// New makes a consumer of the handlers' topics.
func New(r *kafka.Reader, handlers map[string]Handler) *Consumer {
	return &Consumer{r: r, handlers: handlers}
}

// Run commits a message's offset only after its handler succeeded: a
// crash or a failed commit delivers it again.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.dispatch(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, m kafka.Message) error {
	h, ok := c.handlers[m.Topic]
	if !ok {
		return nil
	}
	return attempts(3, func() error {
		return h(ctx, m)
	})
}

// attempts runs op until it succeeds, at most n times.
func attempts(n int, op func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// JSON adapts a typed handler to a message handler.
func JSON[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, m kafka.Message) error {
		var evt T
		if err := json.Unmarshal(m.Value, &evt); err != nil {
			return errors.Join(err, ErrSkip)
		}
		return fn(ctx, evt)
	}
}

// ErrSkip marks a message that cannot be decoded.
var ErrSkip = errors.New("skip")

// Handlers returns the table of handlers by topic: methods of the
// ledger's interface, whose implementation main chooses.
func Handlers(l Ledger) map[string]Handler {
	return map[string]Handler{
		"payments.settled":  JSON(l.Settle),
		"payments.refunded": JSON(l.Refund),
	}
}

// PayoutHandlers returns the table of payout handlers by topic: methods
// of the ledger's payouts, adapted by a function literal of its own.
func PayoutHandlers(p *ledger.Payouts) map[string]Handler {
	run := func(fn func(context.Context, ledger.Event) error) Handler {
		return JSON(func(ctx context.Context, e ledger.Event) error {
			return fn(ctx, e)
		})
	}
	return map[string]Handler{
		"payouts.sent":     run(p.Sent),
		"payouts.returned": run(p.Returned),
	}
}
