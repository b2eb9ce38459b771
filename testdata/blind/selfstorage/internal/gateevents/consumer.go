// Package gateevents consumes gate-controller events from SQS. The partner
// publishes keypad, door-sensor and code-sync events to an SNS topic that
// fans out to our queue; delivery is at least once and unordered.
package gateevents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// HandlerFunc processes one gate event.
type HandlerFunc func(ctx context.Context, ev domain.GateEvent) error

// Handlers are the access-service methods events are routed to.
type Handlers interface {
	RecordAccess(ctx context.Context, ev domain.GateEvent) error
	HandleDenied(ctx context.Context, ev domain.GateEvent) error
	HandleDoor(ctx context.Context, ev domain.GateEvent) error
	ConfirmCodeSync(ctx context.Context, ev domain.GateEvent) error
}

// Consumer long-polls the queue and dispatches by event type.
type Consumer struct {
	sqs        SQSAPI
	queueURL   string
	routes     map[string]HandlerFunc
	metrics    *metrics.Metrics
	log        *slog.Logger
	workers    int
	visibility int32
}

// Option configures the consumer.
type Option func(*Consumer)

func WithWorkers(n int) Option { return func(c *Consumer) { c.workers = n } }

func WithVisibilityTimeout(d time.Duration) Option {
	return func(c *Consumer) { c.visibility = int32(d / time.Second) }
}

func NewConsumer(client SQSAPI, queueURL string, h Handlers, m *metrics.Metrics, log *slog.Logger, opts ...Option) *Consumer {
	c := &Consumer{
		sqs:        client,
		queueURL:   queueURL,
		metrics:    m,
		log:        log,
		workers:    4,
		visibility: 60,
	}
	c.routes = map[string]HandlerFunc{
		"access.granted": h.RecordAccess,
		"access.denied":  h.HandleDenied,
		"door.opened":    h.HandleDoor,
		"door.closed":    h.HandleDoor,
		"code.synced":    h.ConfirmCodeSync,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	msgs := make(chan types.Message)
	var wg sync.WaitGroup
	for i := 0; i < c.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range msgs {
				c.process(ctx, m)
			}
		}()
	}
	defer func() {
		close(msgs)
		wg.Wait()
	}()

	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.log.ErrorContext(ctx, "receive gate events", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(2 * time.Second):
			}
			continue
		}
		for _, m := range out.Messages {
			select {
			case msgs <- m:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	ev, err := decode(aws.ToString(m.Body))
	if err != nil {
		c.metrics.GateMsgs.WithLabelValues("unknown", "malformed").Inc()
		c.log.ErrorContext(ctx, "malformed gate event", "message_id", aws.ToString(m.MessageId), "err", err)
		c.delete(ctx, m)
		return
	}
	h, ok := c.routes[ev.Type]
	if !ok {
		c.metrics.GateMsgs.WithLabelValues(ev.Type, "ignored").Inc()
		c.delete(ctx, m)
		return
	}
	if err := h(ctx, ev); err != nil {
		c.metrics.GateMsgs.WithLabelValues(ev.Type, "error").Inc()
		c.log.ErrorContext(ctx, "gate event failed", "type", ev.Type, "event", ev.EventID,
			"receives", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
		return
	}
	c.metrics.GateMsgs.WithLabelValues(ev.Type, "ok").Inc()
	c.delete(ctx, m)
}

func (c *Consumer) delete(ctx context.Context, m types.Message) {
	if _, err := c.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		c.log.WarnContext(ctx, "delete gate message", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

type snsEnvelope struct {
	Type    string `json:"Type"`
	Message string `json:"Message"`
}

// decode accepts either a raw event or an SNS notification wrapping one.
func decode(body string) (domain.GateEvent, error) {
	var ev domain.GateEvent
	var env snsEnvelope
	if err := json.Unmarshal([]byte(body), &env); err == nil && env.Type == "Notification" {
		body = env.Message
	}
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		return ev, err
	}
	if ev.EventID == "" || ev.Type == "" {
		return ev, fmt.Errorf("event missing id or type")
	}
	if ev.OccurredAt.IsZero() {
		ev.OccurredAt = time.Now().UTC()
	}
	return ev, nil
}
