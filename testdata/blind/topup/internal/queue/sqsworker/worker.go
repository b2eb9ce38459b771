// Package sqsworker polls the SQS queues fed by the back office and the
// bundle pipeline, and publishes to the outbound SQS queues.
package sqsworker

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

// Handler processes one message body. Returning an error leaves the message
// on the queue; it becomes visible again after the visibility timeout.
type Handler func(ctx context.Context, body []byte) error

var ErrDiscard = errors.New("discard message")

type Worker struct {
	client      *sqs.Client
	queueURL    string
	handlers    map[string]Handler
	concurrency int
	log         *slog.Logger
}

func NewWorker(client *sqs.Client, queueURL string, handlers map[string]Handler, log *slog.Logger) *Worker {
	return &Worker{client: client, queueURL: queueURL, handlers: handlers, concurrency: 4,
		log: log.With("component", "sqs", "queue", queueURL)}
}

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(w.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           60,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			w.log.Error("receive", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}

		sem := make(chan struct{}, w.concurrency)
		var wg sync.WaitGroup
		for _, msg := range out.Messages {
			wg.Add(1)
			sem <- struct{}{}
			go func(m types.Message) {
				defer wg.Done()
				defer func() { <-sem }()
				w.handle(ctx, m)
			}(msg)
		}
		wg.Wait()
	}
	return nil
}

func (w *Worker) handle(ctx context.Context, m types.Message) {
	typ := ""
	if a, ok := m.MessageAttributes["type"]; ok && a.StringValue != nil {
		typ = *a.StringValue
	}
	h, ok := w.handlers[typ]
	if !ok {
		w.log.Warn("unknown message type, leaving for DLQ", "type", typ, "id", aws.ToString(m.MessageId))
		return
	}
	err := h(ctx, []byte(aws.ToString(m.Body)))
	if err != nil && !errors.Is(err, ErrDiscard) {
		w.log.Error("handler failed", "type", typ, "id", aws.ToString(m.MessageId),
			"receives", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
		return
	}
	if _, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(w.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		w.log.Error("delete", "id", aws.ToString(m.MessageId), "err", err)
	}
}
