// Package sqsq sends and receives tax-recalculation requests on an SQS
// FIFO queue.
package sqsq

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// API is the subset of *sqs.Client used here.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

type SendOption func(*sqs.SendMessageInput)

// WithDedupID sets the FIFO MessageDeduplicationId: SQS drops a second
// message with the same id sent within five minutes.
func WithDedupID(id string) SendOption {
	return func(in *sqs.SendMessageInput) { in.MessageDeduplicationId = aws.String(id) }
}

// WithGroupID sets the FIFO MessageGroupId (ordering scope).
func WithGroupID(id string) SendOption {
	return func(in *sqs.SendMessageInput) { in.MessageGroupId = aws.String(id) }
}

type Producer struct {
	api      API
	queueURL string
}

func NewProducer(api API, queueURL string) *Producer { return &Producer{api: api, queueURL: queueURL} }

func (p *Producer) Send(ctx context.Context, body any, opts ...SendOption) (string, error) {
	data, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("sqsq: marshal: %w", err)
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(p.queueURL),
		MessageBody: aws.String(string(data)),
	}
	for _, o := range opts {
		o(in)
	}
	out, err := p.api.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("sqsq: send: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}

// Handler processes one message; returning nil deletes it.
type Handler func(ctx context.Context, m types.Message) error

type Consumer struct {
	api        API
	queueURL   string
	handler    Handler
	visibility int32
	log        *slog.Logger
}

func NewConsumer(api API, queueURL string, h Handler, log *slog.Logger) *Consumer {
	return &Consumer{api: api, queueURL: queueURL, handler: h, visibility: 60, log: log.With("queue", queueURL)}
}

// Run long-polls the queue. Messages whose handler fails are left in place
// and become visible again after the visibility timeout.
func (c *Consumer) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			c.log.ErrorContext(ctx, "receive failed", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			if err := c.handler(ctx, m); err != nil {
				c.log.WarnContext(ctx, "message failed; will be redelivered", "message_id", aws.ToString(m.MessageId),
					"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
				continue
			}
			if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
				QueueUrl:      aws.String(c.queueURL),
				ReceiptHandle: m.ReceiptHandle,
			}); err != nil {
				c.log.WarnContext(ctx, "delete failed", "message_id", aws.ToString(m.MessageId), "err", err)
			}
		}
	}
	return nil
}
