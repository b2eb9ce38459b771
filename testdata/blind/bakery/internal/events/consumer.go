package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/natsx"
	"github.com/crumbworks/ovenline/internal/service"
)

// ConsumerConfig tunes the durable consumer.
type ConsumerConfig struct {
	Durable     string
	AckWait     time.Duration
	MaxDeliver  int
	HandlerTime time.Duration
}

// DefaultConsumerConfig is used in production.
func DefaultConsumerConfig() ConsumerConfig {
	return ConsumerConfig{
		Durable:     service.ConsumerName,
		AckWait:     45 * time.Second,
		MaxDeliver:  12,
		HandlerTime: 30 * time.Second,
	}
}

// Consumer pulls delivery events and dispatches them by type.
type Consumer struct {
	js       jetstream.JetStream
	cfg      ConsumerConfig
	log      *slog.Logger
	handlers map[string]HandlerFunc
	cc       jetstream.ConsumeContext
}

// NewConsumer builds a Consumer.
func NewConsumer(js jetstream.JetStream, cfg ConsumerConfig, h Handlers, log *slog.Logger) *Consumer {
	logged := h.withLogging(func(ctx context.Context, env domain.DeliveryEnvelope, err error) {
		log.ErrorContext(ctx, "delivery event failed", "type", env.Event.Type, "msg_id", env.MsgID,
			"delivered", env.Delivered, "err", err)
	})
	return &Consumer{js: js, cfg: cfg, log: log, handlers: logged.byType()}
}

// Start creates the durable consumer and begins consuming.
func (c *Consumer) Start(ctx context.Context) error {
	cons, err := c.js.CreateOrUpdateConsumer(ctx, natsx.DeliveriesStream, jetstream.ConsumerConfig{
		Durable:       c.cfg.Durable,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       c.cfg.AckWait,
		MaxDeliver:    c.cfg.MaxDeliver,
		BackOff:       []time.Duration{5 * time.Second, 30 * time.Second, 2 * time.Minute, 10 * time.Minute},
		DeliverPolicy: jetstream.DeliverAllPolicy,
		FilterSubject: "delivery.>",
	})
	if err != nil {
		return fmt.Errorf("events: create consumer: %w", err)
	}
	c.cc, err = cons.Consume(c.handle, jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
		c.log.Warn("delivery consumer error", "err", err)
	}))
	if err != nil {
		return fmt.Errorf("events: consume: %w", err)
	}
	return nil
}

// Stop stops consuming and waits for the handler in flight.
func (c *Consumer) Stop(context.Context) error {
	if c.cc != nil {
		c.cc.Drain()
		<-c.cc.Closed()
	}
	return nil
}

func (c *Consumer) handle(msg jetstream.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.HandlerTime)
	defer cancel()

	env, err := envelope(msg)
	if err != nil {
		c.log.Error("undecodable delivery event; terminating", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
		return
	}
	handler, ok := c.handlers[env.Event.Type]
	if !ok || handler == nil {
		_ = msg.Ack()
		return
	}

	if err := handler(ctx, env); err != nil {
		var de *domain.Error
		if errors.As(err, &de) && de.Kind == domain.KindInvalid {
			_ = msg.TermWithReason(de.Msg)
			return
		}
		_ = msg.Nak()
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		c.log.Warn("ack delivery event", "msg_id", env.MsgID, "err", err)
	}
}

func envelope(msg jetstream.Msg) (domain.DeliveryEnvelope, error) {
	var ev domain.DeliveryEvent
	if err := json.Unmarshal(msg.Data(), &ev); err != nil {
		return domain.DeliveryEnvelope{}, err
	}
	if ev.Type == "" {
		ev.Type = msg.Subject()
	}
	meta, err := msg.Metadata()
	if err != nil {
		return domain.DeliveryEnvelope{}, err
	}
	msgID := msg.Headers().Get(jetstream.MsgIDHeader)
	if msgID == "" {
		msgID = natsx.DeliveriesStream + ":" + strconv.FormatUint(meta.Sequence.Stream, 10)
	}
	return domain.DeliveryEnvelope{
		MsgID:     msgID,
		Subject:   msg.Subject(),
		Delivered: meta.NumDelivered,
		Event:     ev,
	}, nil
}

// Module wires the consumer into an fx application.
var Module = fx.Module("events",
	fx.Provide(DefaultConsumerConfig, NewHandlers, NewConsumer),
	fx.Invoke(func(lc fx.Lifecycle, c *Consumer) {
		lc.Append(fx.Hook{OnStart: c.Start, OnStop: c.Stop})
	}),
)
