// Package workers lists the JetStream consumers run by cmd/events-worker.
package workers

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/dig"

	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/loyalty"
	"github.com/ridgeline-coffee/roastery/internal/refunds"
	"github.com/ridgeline-coffee/roastery/internal/roasting"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

// Deps are the handlers the bindings need, injected by dig.
type Deps struct {
	dig.In

	Invoicer *wholesale.Invoicer
	Shipping shipping.Service
	Awarder  *loyalty.Awarder
	Receiver *roasting.Receiver
	Executor *refunds.Executor
}

// Bindings returns the consumer table.
func Bindings(d Deps) []events.Binding {
	return []events.Binding{
		{Durable: "invoicing", Subject: events.WholesaleOrderPlaced, Handler: d.Invoicer.HandleOrderPlaced},
		{Durable: "wholesale-labels", Subject: events.WholesaleOrderPlaced, Handler: buyLabel(d.Shipping), AckWait: 2 * time.Minute},
		{Durable: "loyalty-charges", Subject: events.SubscriptionCharged, Handler: d.Awarder.HandleSubscriptionCharged},
		{Durable: "loyalty-deliveries", Subject: events.ShipmentDelivered, Handler: d.Awarder.HandleShipmentDelivered},
		{Durable: "roast-receiving", Subject: events.RoastBatchCompleted, Handler: d.Receiver.HandleBatchCompleted},
		{Durable: "refund-executor", Subject: events.RefundApproved, Handler: d.Executor.HandleRefundApproved, MaxDeliver: 20},
	}
}

func buyLabel(svc shipping.Service) events.HandlerFunc {
	return func(ctx context.Context, env events.Envelope) error {
		var ev events.OrderPlaced
		if err := env.Decode(&ev); err != nil {
			return fmt.Errorf("%w: %v", events.ErrDrop, err)
		}
		return svc.BuyLabelForOrder(ctx, ev.OrderID)
	}
}
