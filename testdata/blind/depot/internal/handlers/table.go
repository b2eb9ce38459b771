// Package handlers builds the Kafka dispatch table for the depot consumer:
// one handler per topic, decoded from JSON and wrapped in middleware.
package handlers

import (
	"context"
	"log/slog"
	"time"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/kafkaconsumer"
	"github.com/depotworks/depot/internal/service"
)

// OrderIntake imports, reserves and cancels orders.
type OrderIntake interface {
	ImportOrder(ctx context.Context, msg service.ImportedOrder) (domain.Order, error)
	Reserve(ctx context.Context, orderID string) error
	Cancel(ctx context.Context, orderID, reason string) (domain.Order, error)
}

// LabelBuyer buys outbound and return labels.
type LabelBuyer interface {
	PurchaseForPackage(ctx context.Context, ev service.LabelRequestedEvent) (domain.Label, error)
	IssueReturnLabel(ctx context.Context, ev service.ReturnLabelRequestedEvent) error
}

// Dispatcher applies dock dispatch events.
type Dispatcher interface {
	Dispatched(ctx context.Context, d service.Dispatch) error
}

// ReturnsBench receives graded returns.
type ReturnsBench interface {
	Receive(ctx context.Context, rc service.ReturnReceipt) error
}

// StockCounts applies cycle count variances.
type StockCounts interface {
	ApplyCycleCount(ctx context.Context, c service.CycleCount) error
}

// HandlingBiller books handling fees.
type HandlingBiller interface {
	ChargeHandling(ctx context.Context, ev service.OrderEvent) error
}

// Receiving opens dock receiving sessions.
type Receiving interface {
	StartReceiving(ctx context.Context, scan service.DockScan) (domain.ReceivingSession, error)
}

// Deps are the services the consumer dispatches to.
type Deps struct {
	Orders    OrderIntake
	Labels    LabelBuyer
	Dispatch  Dispatcher
	Returns   ReturnsBench
	Stock     StockCounts
	Billing   HandlingBiller
	Receiving Receiving
	Processed kafkaconsumer.ProcessedStore
	Logger    *slog.Logger
	Timeout   time.Duration
}

type handlers struct {
	Deps
}

// Table builds the topic → handler table.
func Table(d Deps) kafkaconsumer.Table {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Timeout == 0 {
		d.Timeout = 30 * time.Second
	}
	h := &handlers{Deps: d}
	common := kafkaconsumer.Chain(
		kafkaconsumer.Recover(d.Logger),
		kafkaconsumer.Logging(d.Logger),
		kafkaconsumer.Timeout(d.Timeout),
	)
	once := func(consumer string) kafkaconsumer.Middleware {
		return kafkaconsumer.SkipProcessed(d.Processed, consumer, kafkaconsumer.HeaderOrOffset("message-id"))
	}

	t := kafkaconsumer.Table{
		service.TopicOrdersImported:        kafkaconsumer.JSON(h.orderImported),
		service.TopicOrdersAccepted:        kafkaconsumer.JSON(h.orderAccepted),
		service.TopicOrdersCancelRequested: once("order-cancel")(kafkaconsumer.JSON(h.cancelRequested)),
		service.TopicLabelRequested:        kafkaconsumer.JSON(h.labelRequested),
		service.TopicShipmentDispatched:    kafkaconsumer.JSON(h.shipmentDispatched),
		service.TopicOrdersShipped:         kafkaconsumer.JSON(h.orderShipped),
		service.TopicReturnLabelRequested:  kafkaconsumer.JSON(h.returnLabelRequested),
		service.TopicReturnReceived:        kafkaconsumer.JSON(h.returnReceived),
		service.TopicCycleCounted:          once("cycle-count")(kafkaconsumer.JSON(h.cycleCounted)),
		service.TopicDockScanned:           kafkaconsumer.JSON(h.dockScanned),
	}
	for topic, fn := range t {
		t[topic] = common(fn)
	}
	return t
}
