// Package posconsumer reads the clubhouse POS event queue and applies each
// event through the POS service. Messages are deleted only after the event
// has been applied; anything else is redelivered by SQS after the
// visibility timeout and lands in the dead-letter queue after five tries.
package posconsumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/posbridge"
	"github.com/fairwaylinks/teetimes/internal/service"
)

// Module starts the consumer with the application.
var Module = fx.Module("posconsumer",
	fx.Provide(NewConsumer),
	fx.Invoke(func(*Consumer) {}),
)

type route func(ctx context.Context, env posbridge.Envelope) error

// errMalformed marks a message that will never decode; it is left for the
// dead-letter queue rather than retried quickly.
var errMalformed = errors.New("malformed pos message")

// decode adapts a typed service method to a route.
func decode[T any](fn func(context.Context, posbridge.Envelope, T) error) route {
	return func(ctx context.Context, env posbridge.Envelope) error {
		var payload T
		if err := json.Unmarshal(env.Payload, &payload); err != nil {
			return fmt.Errorf("%w: %s payload: %v", errMalformed, env.Type, err)
		}
		return fn(ctx, env, payload)
	}
}

// Consumer long-polls the POS events queue.
type Consumer struct {
	client   posbridge.SQSAPI
	queueURL string
	wait     time.Duration
	routes   map[string]route
	log      *zap.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewConsumer builds the consumer and its routing table.
func NewConsumer(lc fx.Lifecycle, client posbridge.SQSAPI, cfg *config.Config, events service.POSEvents, log *zap.Logger) *Consumer {
	c := &Consumer{
		client:   client,
		queueURL: cfg.POSEventsQueueURL,
		wait:     cfg.POSPollWait,
		log:      log.Named("pos-consumer"),
		routes: map[string]route{
			posbridge.TypeSaleCompleted:  decode(events.SaleCompleted),
			posbridge.TypeSaleVoided:     decode(events.SaleVoided),
			posbridge.TypeCartRental:     decode(events.CartRental),
			posbridge.TypeAccountPayment: decode(events.AccountPayment),
		},
	}
	lc.Append(fx.Hook{OnStart: c.start, OnStop: c.stop})
	return c
}

func (c *Consumer) start(context.Context) error {
	if c.queueURL == "" {
		c.log.Warn("POS_EVENTS_QUEUE_URL not set; consumer disabled")
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		c.run(ctx)
	}()
	return nil
}

func (c *Consumer) stop(ctx context.Context) error {
	if c.cancel == nil {
		return nil
	}
	c.cancel()
	done := make(chan struct{})
	go func() { c.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Consumer) run(ctx context.Context) {
	backoff := time.Second
	for ctx.Err() == nil {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     int32(c.wait / time.Second),
			VisibilityTimeout:   60,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			c.log.Error("receive failed", zap.Error(err))
			time.Sleep(backoff)
			backoff = min(backoff*2, 30*time.Second)
			continue
		}
		backoff = time.Second
		for _, m := range out.Messages {
			c.handle(ctx, m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	log := c.log.With(zap.String("message_id", aws.ToString(m.MessageId)))
	var env posbridge.Envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		log.Error("undecodable envelope; leaving for DLQ", zap.Error(err))
		return
	}
	log = log.With(zap.String("event_id", env.EventID), zap.String("type", env.Type))

	r, ok := c.routes[env.Type]
	if !ok {
		log.Debug("ignoring pos event type")
		c.ack(ctx, m, log)
		return
	}
	hctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	err := r(hctx, env)
	cancel()
	if err != nil {
		if errors.Is(err, errMalformed) {
			log.Error("malformed pos event; leaving for DLQ", zap.Error(err))
			return
		}
		log.Warn("pos event failed; will be redelivered", zap.Error(err))
		c.delay(ctx, m, log)
		return
	}
	c.ack(ctx, m, log)
}

func (c *Consumer) ack(ctx context.Context, m types.Message, log *zap.Logger) {
	if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.Warn("delete failed; message will be redelivered", zap.Error(err))
	}
}

// delay shortens the visibility timeout so a failed message is retried
// sooner than the default minute, backing off with each receive.
func (c *Consumer) delay(ctx context.Context, m types.Message, log *zap.Logger) {
	receives := 1
	if v, ok := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		fmt.Sscanf(v, "%d", &receives)
	}
	timeout := int32(min(5*receives*receives, 300))
	if _, err := c.client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(c.queueURL),
		ReceiptHandle:     m.ReceiptHandle,
		VisibilityTimeout: timeout,
	}); err != nil {
		log.Warn("change visibility failed", zap.Error(err))
	}
}
