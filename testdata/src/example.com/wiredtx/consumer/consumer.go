// Package consumer reads events with kafka-go and dispatches each to the
// handler its topic names, through a table of function values.
package consumer

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtx/app"
)

type route struct {
	topic  string
	handle func(ctx context.Context, m kafka.Message) error
}

type Consumer struct {
	r      *kafka.Reader
	svc    app.Service
	routes []route
}

func New(r *kafka.Reader, svc app.Service) *Consumer {
	c := &Consumer{r: r, svc: svc}
	c.routes = []route{{"accounts.refilled", c.onRefilled}, {"orders.placed", c.onPlaced}}
	return c
}

// Run hands each delivery to its topic's handler; a failed one is
// fetched again.
func (c *Consumer) Run(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for _, rt := range c.routes {
			if rt.topic == m.Topic && rt.handle(ctx, m) == nil {
				c.r.CommitMessages(ctx, m)
			}
		}
	}
}

type event struct {
	Account string `json:"account"`
	Amount  int64  `json:"amount"`
}

func (c *Consumer) onRefilled(ctx context.Context, m kafka.Message) error {
	var ev event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return nil
	}
	return c.svc.Credit(ctx, ev.Account, ev.Amount)
}

// onPlaced inserts the order under the event's own ID.
func (c *Consumer) onPlaced(ctx context.Context, m kafka.Message) error {
	var o app.Order
	if err := json.Unmarshal(m.Value, &o); err != nil {
		return nil
	}
	return c.svc.Record(ctx, o)
}
