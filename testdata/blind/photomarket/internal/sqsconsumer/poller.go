// Package sqsconsumer long-polls SQS queues and hands each message to a
// handler. A message is deleted only after its handler returns nil;
// otherwise it becomes visible again after the visibility timeout and is
// redelivered, until the queue's redrive policy moves it to the DLQ.
package sqsconsumer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// API is the part of the SQS client the poller uses.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Handler processes one message.
type Handler func(ctx context.Context, msg types.Message) error

// Poller consumes one queue.
type Poller struct {
	Client            API
	QueueURL          string
	Handler           Handler
	Concurrency       int
	WaitTime          time.Duration
	VisibilityTimeout time.Duration
	Logger            *slog.Logger
}

// Run polls until ctx is cancelled.
func (p *Poller) Run(ctx context.Context) error {
	conc := p.Concurrency
	if conc <= 0 {
		conc = 4
	}
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := p.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:              aws.String(p.QueueURL),
			MaxNumberOfMessages:   10,
			WaitTimeSeconds:       int32(p.WaitTime / time.Second),
			VisibilityTimeout:     int32(p.VisibilityTimeout / time.Second),
			MessageAttributeNames: []string{"All"},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			p.Logger.Error("sqs receive", "queue", p.QueueURL, "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(2 * time.Second):
			}
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			wg.Add(1)
			go func(m types.Message) {
				defer wg.Done()
				defer func() { <-sem }()
				p.handle(ctx, m)
			}(m)
		}
	}
}

func (p *Poller) handle(ctx context.Context, m types.Message) {
	if err := p.Handler(ctx, m); err != nil {
		p.Logger.Warn("sqs handler failed; message will be redelivered",
			"queue", p.QueueURL, "message_id", aws.ToString(m.MessageId), "err", err)
		return
	}
	if _, err := p.Client.DeleteMessage(context.WithoutCancel(ctx), &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(p.QueueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		p.Logger.Error("sqs delete", "queue", p.QueueURL, "message_id", aws.ToString(m.MessageId), "err", err)
	}
}
