// Package consumer dispatches Kafka messages to command handlers.
package consumer

import (
	"context"
	"encoding/json"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/wiredadapt/command"
	"example.com/wiredadapt/orders"
)

// Handlers are the handlers of each command.
type Handlers struct {
	Place  command.Handler[orders.PlaceOrder]
	Refund command.Handler[orders.RefundOrder]
	Settle command.Handler[orders.SettleOrder]
	Notify command.Handler[orders.NotifyOrder]
	Ship   command.Handler[orders.ShipOrder]
	// Audit is called by no retried path.
	Audit   command.Handler[orders.AuditOrder]
	Archive command.Handler[orders.ArchiveOrder]
}

// Consumer reads commands from Kafka, with franz-go.
type Consumer struct {
	Client *kgo.Client
	H      Handlers
}

// Run handles each record of each fetch by its topic.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		fetches := c.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			c.dispatch(ctx, r)
		})
		_ = c.Client.CommitRecords(ctx, fetches.Records()...)
	}
}

func (c *Consumer) dispatch(ctx context.Context, r *kgo.Record) {
	switch r.Topic {
	case "place":
		var cmd orders.PlaceOrder
		_ = json.Unmarshal(r.Value, &cmd)
		_ = c.H.Place.Handle(ctx, cmd)
	case "refund":
		var cmd orders.RefundOrder
		_ = json.Unmarshal(r.Value, &cmd)
		_ = c.H.Refund.Handle(ctx, cmd)
	case "settle":
		var cmd orders.SettleOrder
		_ = json.Unmarshal(r.Value, &cmd)
		_ = c.H.Settle.Handle(ctx, cmd)
	case "notify":
		var cmd orders.NotifyOrder
		_ = json.Unmarshal(r.Value, &cmd)
		_ = c.H.Notify.Handle(ctx, cmd)
	case "ship":
		var cmd orders.ShipOrder
		_ = json.Unmarshal(r.Value, &cmd)
		_ = c.H.Ship.Handle(ctx, cmd)
	}
}
