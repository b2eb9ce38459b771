// Package consumer reads TruckPool partner events from SQS.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/haulright/movers/internal/provider/fleet"
	"github.com/haulright/movers/internal/service"
)

// SQSAPI is the subset of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// HandlerFunc applies one event.
type HandlerFunc func(context.Context, fleet.Event) error

// Routes maps event types to handlers.
func Routes(svc service.FleetEventService) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		fleet.EventTruckAssigned:  svc.TruckAssigned,
		fleet.EventTruckReturned:  svc.TruckReturned,
		fleet.EventDamageReported: svc.DamageReported,
		fleet.EventRentalOverage:  svc.RentalOverage,
	}
}

type Consumer struct {
	client   SQSAPI
	queueURL string
	routes   map[string]HandlerFunc
	log      *slog.Logger
	workers  int
	wait     int32
	visible  int32
}

type Option func(*Consumer)

func WithWorkers(n int) Option { return func(c *Consumer) { c.workers = n } }

func WithVisibilityTimeout(secs int32) Option { return func(c *Consumer) { c.visible = secs } }

func New(client SQSAPI, queueURL string, routes map[string]HandlerFunc, log *slog.Logger, opts ...Option) *Consumer {
	c := &Consumer{client: client, queueURL: queueURL, routes: routes, log: log, workers: 4, wait: 20, visible: 60}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	sem := make(chan struct{}, c.workers)
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     c.wait,
			VisibilityTimeout:   c.visible,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.Warn("sqs receive failed", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			go func(m types.Message) {
				defer func() { <-sem }()
				c.process(ctx, m)
			}(m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	var evt fleet.Event
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &evt); err != nil {
		c.log.Error("dropping malformed fleet event", "message", aws.ToString(m.MessageId), "err", err)
		c.ack(ctx, m)
		return
	}
	log := c.log.With("event", evt.EventID, "type", evt.Type, "reservation", evt.ReservationID,
		"receives", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	h, ok := c.routes[evt.Type]
	if !ok {
		log.Debug("no handler for fleet event")
		c.ack(ctx, m)
		return
	}
	err := h(ctx, evt)
	switch {
	case err == nil:
		c.ack(ctx, m)
	case errors.Is(err, service.ErrUnknownReservation):
		log.Info("fleet event for unknown reservation")
		c.ack(ctx, m)
	default:
		// Leave the message for redelivery after the visibility timeout; the
		// queue's redrive policy moves it to the DLQ eventually.
		log.Warn("fleet event failed", "err", err)
	}
}

func (c *Consumer) ack(ctx context.Context, m types.Message) {
	_, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		c.log.Warn("sqs delete failed", "message", aws.ToString(m.MessageId), "err", err)
	}
}
