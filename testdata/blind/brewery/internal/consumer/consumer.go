// Package consumer runs the JetStream consumers. Each subscription is a row
// in the table returned by Routes.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/ironkettle/taproute/internal/consumer/inbox"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
	"github.com/ironkettle/taproute/internal/store"
)

// Handler processes one message. Returning nil acks it; a domain.ErrInvalid
// error terminates it; any other error naks it for redelivery.
type Handler = inbox.Handler

// Route binds a durable consumer on a subject to a handler.
type Route struct {
	Durable    string
	Subject    string
	Handler    Handler
	MaxDeliver int
	AckWait    time.Duration
}

// Handlers holds the services the consumers call.
type Handlers struct {
	db         store.Querier
	tx         store.TxRunner
	inbox      inbox.Store
	edi        *service.EDIService
	kegs       *service.KegService
	deliveries *service.DeliveryService
	rebates    *service.RebateService
}

// NewHandlers constructs the consumer handlers.
func NewHandlers(db store.Querier, tx store.TxRunner, ib *store.InboxRepo, edi *service.EDIService,
	kegs *service.KegService, deliveries *service.DeliveryService, rebates *service.RebateService) *Handlers {
	return &Handlers{db: db, tx: tx, inbox: ib, edi: edi, kegs: kegs, deliveries: deliveries, rebates: rebates}
}

// Routes is the subscription table.
func (h *Handlers) Routes() []Route {
	return []Route{
		{Durable: "edi-po-ingest", Subject: "edi.po.received", Handler: h.onPurchaseOrder, MaxDeliver: 20},
		{Durable: "edi-po-ack", Subject: service.SubjectOrderCreated, Handler: h.onOrderCreated, MaxDeliver: 20},
		{Durable: "keg-drop-deposits", Subject: "kegs.dropped", Handler: h.onKegsDropped, MaxDeliver: 10},
		{
			Durable: "keg-dock-receiving", Subject: "kegs.dock.received",
			Handler:    inbox.Once(h.inbox, h.db, "keg-dock-receiving", h.onDockReceived),
			MaxDeliver: 10,
		},
		{Durable: "delivery-close", Subject: "deliveries.completed", Handler: h.onDeliveryCompleted, MaxDeliver: 30},
		{Durable: "delivery-failed", Subject: "deliveries.failed", Handler: h.onDeliveryFailed, MaxDeliver: 10},
		{
			Durable: "loyalty-points", Subject: service.SubjectInvoicePaid,
			Handler:    inbox.InTx(h.tx, h.inbox, "loyalty-points", h.onInvoicePaid),
			MaxDeliver: 10,
		},
	}
}

func decode[T any](msg jetstream.Msg) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Data(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %v: %w", msg.Subject(), err, domain.ErrInvalid)
	}
	return v, nil
}

func (h *Handlers) onPurchaseOrder(ctx context.Context, msg jetstream.Msg) error {
	po, err := decode[service.PurchaseOrderReceived](msg)
	if err != nil {
		return err
	}
	orderID, err := h.edi.IngestPurchaseOrder(ctx, po, json.RawMessage(msg.Data()))
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "edi purchase order ingested", "partner", po.PartnerID, "po", po.PONumber, "order", orderID)
	return nil
}

func (h *Handlers) onOrderCreated(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[service.OrderCreated](msg)
	if err != nil {
		return err
	}
	return h.edi.AcknowledgeOrder(ctx, evt)
}

func (h *Handlers) onKegsDropped(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[service.KegsDropped](msg)
	if err != nil {
		return err
	}
	return h.kegs.ChargeDropDeposits(ctx, evt)
}

func (h *Handlers) onDockReceived(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[service.DockReceived](msg)
	if err != nil {
		return err
	}
	return h.kegs.ReceiveAtDock(ctx, evt)
}

func (h *Handlers) onDeliveryCompleted(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[service.DeliveryCompleted](msg)
	if err != nil {
		return err
	}
	return h.deliveries.CompleteStop(ctx, evt)
}

func (h *Handlers) onDeliveryFailed(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[service.DeliveryFailed](msg)
	if err != nil {
		return err
	}
	return h.deliveries.RecordFailedAttempt(ctx, evt)
}

func (h *Handlers) onInvoicePaid(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
	evt, err := decode[service.InvoicePaid](msg)
	if err != nil {
		return err
	}
	return h.rebates.AwardPoints(ctx, tx, evt)
}

// Runner creates the durable consumers and pumps messages to handlers.
type Runner struct {
	js     jetstream.JetStream
	stream string
	routes []Route
	log    *slog.Logger
}

// NewRunner constructs a Runner for the configured stream.
func NewRunner(js jetstream.JetStream, stream StreamName, h *Handlers) *Runner {
	return &Runner{js: js, stream: string(stream), routes: h.Routes(), log: slog.Default().With("component", "consumer")}
}

// StreamName is the JetStream stream the service reads and writes.
type StreamName string

// Start creates or updates every consumer and begins consuming. The returned
// stop function drains all subscriptions.
func (r *Runner) Start(ctx context.Context) (func(), error) {
	var stops []jetstream.ConsumeContext
	stopAll := func() {
		for _, s := range stops {
			s.Drain()
		}
	}
	for _, rt := range r.routes {
		ackWait := rt.AckWait
		if ackWait == 0 {
			ackWait = 30 * time.Second
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    rt.MaxDeliver,
			BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute},
		})
		if err != nil {
			stopAll()
			return nil, fmt.Errorf("consumer %s: %w", rt.Durable, err)
		}
		cc, err := cons.Consume(r.dispatch(ctx, rt))
		if err != nil {
			stopAll()
			return nil, fmt.Errorf("consume %s: %w", rt.Durable, err)
		}
		stops = append(stops, cc)
		r.log.Info("consumer started", "durable", rt.Durable, "subject", rt.Subject)
	}
	return stopAll, nil
}

func (r *Runner) dispatch(ctx context.Context, rt Route) jetstream.MessageHandler {
	log := r.log.With("durable", rt.Durable)
	return func(msg jetstream.Msg) {
		hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
		defer cancel()
		err := rt.Handler(hctx, msg)
		switch {
		case err == nil:
			if aerr := msg.Ack(); aerr != nil {
				log.Warn("ack failed", "err", aerr)
			}
		case errors.Is(err, domain.ErrInvalid):
			log.Error("dropping invalid message", "subject", msg.Subject(), "err", err)
			_ = msg.TermWithReason(err.Error())
		default:
			log.Warn("handler failed; will redeliver", "subject", msg.Subject(), "err", err)
			_ = msg.Nak()
		}
	}
}
