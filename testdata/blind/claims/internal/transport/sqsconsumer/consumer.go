// Package sqsconsumer is a small long-poll consumer for SQS queues. Messages
// are deleted only after their handler returns nil; otherwise they become
// visible again when the visibility timeout expires and are redelivered
// (same MessageId and body, new ReceiptHandle).
package sqsconsumer

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/harborline/claims/internal/platform/logx"
)

// API is the part of the SQS client the consumer uses.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Message is what handlers receive.
type Message struct {
	ID            string
	Body          []byte
	ReceiveCount  int
	Attributes    map[string]string
	receiptHandle string
}

// HandlerFunc processes one message.
type HandlerFunc func(ctx context.Context, m Message) error

// Registration is one row of the handler table.
type Registration struct {
	Name              string
	QueueURL          string
	Handler           HandlerFunc
	Workers           int
	VisibilityTimeout time.Duration
}

// Consumer polls every registered queue.
type Consumer struct {
	api  API
	regs []Registration
	log  *slog.Logger
}

// New builds a Consumer.
func New(api API, log *slog.Logger, regs ...Registration) *Consumer {
	return &Consumer{api: api, regs: regs, log: log}
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, reg := range c.regs {
		if reg.QueueURL == "" {
			c.log.Warn("sqs consumer disabled: no queue url", "name", reg.Name)
			continue
		}
		n := max(reg.Workers, 1)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(reg Registration) {
				defer wg.Done()
				c.poll(ctx, reg)
			}(reg)
		}
	}
	wg.Wait()
	return nil
}

func (c *Consumer) poll(ctx context.Context, reg Registration) {
	vis := int32(reg.VisibilityTimeout / time.Second)
	if vis == 0 {
		vis = 60
	}
	for ctx.Err() == nil {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(reg.QueueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           vis,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
			MessageAttributeNames:       []string{"All"},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			c.log.Error("sqs receive failed", "queue", reg.Name, "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.dispatch(ctx, reg, toMessage(m))
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, reg Registration, m Message) {
	mctx := logx.With(ctx, "queue", reg.Name, "sqs_message_id", m.ID, "receive_count", m.ReceiveCount)
	if err := reg.Handler(mctx, m); err != nil {
		logx.From(mctx).Error("sqs handler failed; message will be redelivered", "err", err)
		return
	}
	if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(reg.QueueURL),
		ReceiptHandle: aws.String(m.receiptHandle),
	}); err != nil {
		logx.From(mctx).Error("sqs delete failed", "err", err)
	}
}

func toMessage(m types.Message) Message {
	out := Message{
		ID:            aws.ToString(m.MessageId),
		Body:          []byte(aws.ToString(m.Body)),
		Attributes:    map[string]string{},
		receiptHandle: aws.ToString(m.ReceiptHandle),
	}
	if v, ok := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		out.ReceiveCount, _ = strconv.Atoi(v)
	}
	for k, v := range m.MessageAttributes {
		out.Attributes[k] = aws.ToString(v.StringValue)
	}
	return out
}
