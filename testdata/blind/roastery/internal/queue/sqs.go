// Package queue polls SQS queues fed by partners (importers, carriers) and
// hands each message to a handler. A message is deleted only after its
// handler returns nil; otherwise it becomes visible again when the
// visibility timeout lapses and SQS redelivers it, eventually moving it to
// the queue's dead-letter queue.
package queue

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

	"github.com/ridgeline-coffee/roastery/internal/metrics"
)

// Notification is the JSON body partners (via our webhook relay) put on the
// queues.
type Notification struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// Message is what handlers receive.
type Message struct {
	SQSMessageID  string
	ReceiveCount  string
	Notification  Notification
	receiptHandle string
}

// Handler processes one message.
type Handler func(ctx context.Context, msg Message) error

// ErrPoison marks a message that should be deleted without processing.
var ErrPoison = errors.New("queue: poison message")

// API is the subset of the SQS client used here.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Consumer polls one queue.
type Consumer struct {
	Name              string
	QueueURL          string
	Client            API
	Handler           Handler
	Log               *slog.Logger
	Metrics           metrics.Recorder
	Concurrency       int
	VisibilityTimeout int32
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	if c.Concurrency <= 0 {
		c.Concurrency = 4
	}
	if c.VisibilityTimeout == 0 {
		c.VisibilityTimeout = 60
	}
	sem := make(chan struct{}, c.Concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()

	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.QueueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           c.VisibilityTimeout,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.Log.Error("queue: receive", "queue", c.Name, "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			wg.Add(1)
			go func(m types.Message) {
				defer wg.Done()
				defer func() { <-sem }()
				c.handle(ctx, m)
			}(m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	msg := Message{
		SQSMessageID:  aws.ToString(m.MessageId),
		ReceiveCount:  m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)],
		receiptHandle: aws.ToString(m.ReceiptHandle),
	}
	log := c.Log.With("queue", c.Name, "sqs_message_id", msg.SQSMessageID, "receive_count", msg.ReceiveCount)

	err := json.Unmarshal([]byte(aws.ToString(m.Body)), &msg.Notification)
	if err != nil {
		err = fmt.Errorf("%w: %v", ErrPoison, err)
	} else {
		log = log.With("type", msg.Notification.Type, "notification_id", msg.Notification.ID)
		err = c.Handler(ctx, msg)
	}
	c.Metrics.ObserveMessage(c.Name, err)

	if err != nil && !errors.Is(err, ErrPoison) {
		log.Warn("queue: handler failed; leaving for redelivery", "err", err)
		return
	}
	if err != nil {
		log.Error("queue: deleting poison message", "err", err)
	}
	if _, derr := c.Client.DeleteMessage(context.WithoutCancel(ctx), &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.QueueURL),
		ReceiptHandle: aws.String(msg.receiptHandle),
	}); derr != nil {
		log.Warn("queue: delete failed; message will be redelivered", "err", derr)
	}
}

// Router dispatches by notification type.
type Router map[string]Handler

// Handle implements Handler.
func (r Router) Handle(ctx context.Context, msg Message) error {
	h, ok := r[msg.Notification.Type]
	if !ok {
		return fmt.Errorf("%w: unknown type %q", ErrPoison, msg.Notification.Type)
	}
	return h(ctx, msg)
}
