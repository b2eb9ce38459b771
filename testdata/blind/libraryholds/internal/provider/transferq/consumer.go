package transferq

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Delivery is one received message. SQS redelivers it after the
// visibility timeout unless the handler returns nil and it is deleted.
type Delivery struct {
	MessageID    string
	DedupID      string
	GroupID      string
	Type         string
	Body         []byte
	ReceiveCount int
}

// Handler processes one delivery.
type Handler func(ctx context.Context, d Delivery) error

// Route binds a message type to its handler.
type Route struct {
	Type    string
	Handler Handler
}

// ConsumerOptions tunes the receive loop.
type ConsumerOptions struct {
	QueueURL          string
	WaitTimeSeconds   int32
	VisibilityTimeout int32
	MaxMessages       int32
}

// Consumer long-polls the queue and dispatches by the "type" attribute.
type Consumer struct {
	api    SQSAPI
	opts   ConsumerOptions
	routes map[string]Handler
	log    *slog.Logger
}

// NewConsumer builds a consumer from a routing table.
func NewConsumer(api SQSAPI, opts ConsumerOptions, log *slog.Logger, routes ...Route) *Consumer {
	if opts.WaitTimeSeconds == 0 {
		opts.WaitTimeSeconds = 20
	}
	if opts.VisibilityTimeout == 0 {
		opts.VisibilityTimeout = 60
	}
	if opts.MaxMessages == 0 {
		opts.MaxMessages = 10
	}
	table := make(map[string]Handler, len(routes))
	for _, r := range routes {
		table[r.Type] = r.Handler
	}
	return &Consumer{api: api, opts: opts, routes: table, log: log}
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:              aws.String(c.opts.QueueURL),
			MaxNumberOfMessages:   c.opts.MaxMessages,
			WaitTimeSeconds:       c.opts.WaitTimeSeconds,
			VisibilityTimeout:     c.opts.VisibilityTimeout,
			MessageAttributeNames: []string{attrType},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameMessageDeduplicationId,
				types.MessageSystemAttributeNameMessageGroupId,
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil
			}
			c.log.Error("receive failed", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(2 * time.Second):
			}
			continue
		}
		for _, m := range out.Messages {
			c.dispatch(ctx, m)
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, m types.Message) {
	d := Delivery{
		MessageID: aws.ToString(m.MessageId),
		DedupID:   m.Attributes[string(types.MessageSystemAttributeNameMessageDeduplicationId)],
		GroupID:   m.Attributes[string(types.MessageSystemAttributeNameMessageGroupId)],
		Body:      []byte(aws.ToString(m.Body)),
	}
	d.ReceiveCount, _ = strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	if v, ok := m.MessageAttributes[attrType]; ok {
		d.Type = aws.ToString(v.StringValue)
	}
	log := c.log.With("type", d.Type, "message_id", d.MessageID, "receive_count", d.ReceiveCount)

	h, ok := c.routes[d.Type]
	if !ok {
		log.Warn("no handler for message type; leaving for the dead-letter queue")
		return
	}
	if err := h(ctx, d); err != nil {
		log.Error("handler failed; message will be redelivered", "err", err)
		return
	}
	if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.opts.QueueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.Error("delete failed; message will be redelivered", "err", err)
	}
}
