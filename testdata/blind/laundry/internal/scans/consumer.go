// Package scans consumes plant station scans from RabbitMQ.
package scans

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/plant"
)

// Topology names. Stations publish to the scans exchange with the scan type
// as routing key; rejected messages go to the dead-letter exchange.
const (
	Exchange       = "plant.scans"
	DeadLetter     = "plant.scans.dlx"
	DeadQueue      = "plant.scans.dead"
	consumerTagFmt = "plant-scans-%d"
)

type Consumer struct {
	Conn       *amqp.Connection
	Queue      string
	Prefetch   int
	Dispatcher *events.Dispatcher[plant.Scan]
	Log        *slog.Logger
}

// Declare sets up the exchange, queue and dead-lettering. It is safe to run
// on every start.
func (c *Consumer) Declare(ch *amqp.Channel) error {
	if err := ch.ExchangeDeclare(Exchange, "topic", true, false, false, false, nil); err != nil {
		return err
	}
	if err := ch.ExchangeDeclare(DeadLetter, "fanout", true, false, false, false, nil); err != nil {
		return err
	}
	if _, err := ch.QueueDeclare(DeadQueue, true, false, false, false, nil); err != nil {
		return err
	}
	if err := ch.QueueBind(DeadQueue, "", DeadLetter, false, nil); err != nil {
		return err
	}
	_, err := ch.QueueDeclare(c.Queue, true, false, false, false, amqp.Table{
		"x-dead-letter-exchange": DeadLetter,
		"x-queue-type":           "quorum",
		"x-delivery-limit":       int32(20),
	})
	if err != nil {
		return err
	}
	for _, key := range c.Dispatcher.Types() {
		if err := ch.QueueBind(c.Queue, key, Exchange, false, nil); err != nil {
			return err
		}
	}
	return nil
}

func (c *Consumer) Run(ctx context.Context) error {
	ch, err := c.Conn.Channel()
	if err != nil {
		return err
	}
	defer ch.Close()
	if err := c.Declare(ch); err != nil {
		return fmt.Errorf("declare: %w", err)
	}
	if err := ch.Qos(c.Prefetch, 0, false); err != nil {
		return err
	}
	deliveries, err := ch.ConsumeWithContext(ctx, c.Queue, fmt.Sprintf(consumerTagFmt, time.Now().Unix()),
		false, false, false, false, nil)
	if err != nil {
		return err
	}
	closed := c.Conn.NotifyClose(make(chan *amqp.Error, 1))
	for {
		select {
		case <-ctx.Done():
			return nil
		case amqpErr := <-closed:
			if amqpErr != nil {
				return amqpErr
			}
			return errors.New("scans: connection closed")
		case d, ok := <-deliveries:
			if !ok {
				return errors.New("scans: delivery channel closed")
			}
			c.handle(ctx, d)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, d amqp.Delivery) {
	var sc plant.Scan
	if err := json.Unmarshal(d.Body, &sc); err != nil {
		c.Log.Error("bad scan payload", "message_id", d.MessageId, "err", err)
		_ = d.Nack(false, false)
		return
	}
	if sc.Type == "" {
		sc.Type = d.RoutingKey
	}
	if sc.ScanID == "" {
		sc.ScanID = d.MessageId
	}
	hctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := c.Dispatcher.Dispatch(hctx, sc)
	switch {
	case err == nil:
		_ = d.Ack(false)
	case errors.Is(err, plant.ErrBadScan):
		c.Log.Warn("rejecting scan", "scan_id", sc.ScanID, "type", sc.Type, "err", err)
		_ = d.Nack(false, false)
	default:
		c.Log.Warn("scan failed, requeueing", "scan_id", sc.ScanID, "type", sc.Type,
			"redelivered", d.Redelivered, "err", err)
		_ = d.Nack(false, true)
	}
}
