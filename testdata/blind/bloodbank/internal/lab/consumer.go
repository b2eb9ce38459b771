package lab

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// MessageHandler processes one decoded lab message.
type MessageHandler func(ctx context.Context, msg Message) error

// ConsumerOptions configures polling.
type ConsumerOptions struct {
	QueueURL          string
	MaxMessages       int32
	WaitTime          time.Duration
	VisibilityTimeout time.Duration
	HandlerTimeout    time.Duration
}

// Consumer long-polls the lab results queue. A message is deleted only
// after its handler succeeds; otherwise it reappears once its visibility
// timeout lapses and the queue's redrive policy eventually moves it to the
// dead-letter queue.
type Consumer struct {
	client SQSAPI
	opts   ConsumerOptions
	handle MessageHandler
}

func NewConsumer(client SQSAPI, opts ConsumerOptions, handle MessageHandler) *Consumer {
	if opts.MaxMessages == 0 {
		opts.MaxMessages = 10
	}
	if opts.WaitTime == 0 {
		opts.WaitTime = 20 * time.Second
	}
	if opts.VisibilityTimeout == 0 {
		opts.VisibilityTimeout = 2 * time.Minute
	}
	if opts.HandlerTimeout == 0 {
		opts.HandlerTimeout = 90 * time.Second
	}
	return &Consumer{client: client, opts: opts, handle: handle}
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return nil
		}
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.opts.QueueURL),
			MaxNumberOfMessages:         c.opts.MaxMessages,
			WaitTimeSeconds:             int32(c.opts.WaitTime / time.Second),
			VisibilityTimeout:           int32(c.opts.VisibilityTimeout / time.Second),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			slog.ErrorContext(ctx, "receive lab results", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	log := slog.With("sqs_message_id", aws.ToString(m.MessageId),
		"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	var msg Message
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &msg); err != nil {
		// A body we cannot parse will never parse; drop it rather than let
		// it cycle to the dead-letter queue.
		log.ErrorContext(ctx, "discarding malformed lab message", "err", err)
		c.delete(ctx, m)
		return
	}
	if msg.MessageID == "" {
		msg.MessageID = aws.ToString(m.MessageId)
	}

	hctx, cancel := context.WithTimeout(ctx, c.opts.HandlerTimeout)
	defer cancel()
	if err := c.handle(hctx, msg); err != nil {
		log.ErrorContext(ctx, "lab message failed, leaving for redelivery",
			"kind", msg.Kind, "donation", msg.DonationNumber, "err", err)
		return
	}
	c.delete(ctx, m)
}

func (c *Consumer) delete(ctx context.Context, m types.Message) {
	_, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.opts.QueueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		slog.WarnContext(ctx, "delete lab message", "sqs_message_id", aws.ToString(m.MessageId), "err", err)
	}
}
