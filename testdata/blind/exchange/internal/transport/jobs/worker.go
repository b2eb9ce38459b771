// Package jobs runs the SQS FIFO job workers.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/halyard/funding/internal/queue"
)

// Meta describes one delivery of a job.
type Meta struct {
	MessageID    string
	DedupID      string
	GroupID      string
	ReceiveCount int
}

// HandlerFunc processes a decoded job payload.
type HandlerFunc func(ctx context.Context, payload json.RawMessage, meta Meta) error

// Typed adapts a function taking a concrete payload type.
func Typed[T any](fn func(ctx context.Context, job T, meta Meta) error) HandlerFunc {
	return func(ctx context.Context, payload json.RawMessage, meta Meta) error {
		var job T
		if err := json.Unmarshal(payload, &job); err != nil {
			return fmt.Errorf("%w: %v", errDrop, err)
		}
		return fn(ctx, job, meta)
	}
}

var errDrop = errors.New("jobs: undecodable job")

// RetryableError asks for redelivery after Delay.
type RetryableError struct {
	Err   error
	Delay time.Duration
}

func (e *RetryableError) Error() string { return e.Err.Error() }
func (e *RetryableError) Unwrap() error { return e.Err }

// Worker long-polls one queue and dispatches by job type. A message that
// is not deleted becomes visible again after the visibility timeout and is
// redelivered; after the queue's maxReceiveCount it moves to the DLQ.
type Worker struct {
	api         queue.SQSAPI
	queueURL    string
	handlers    map[string]HandlerFunc
	wait        int32
	visibility  int32
	concurrency int
	log         *slog.Logger
}

// NewWorker builds a worker.
func NewWorker(api queue.SQSAPI, queueURL string, handlers map[string]HandlerFunc, wait, visibility int32, log *slog.Logger) *Worker {
	return &Worker{api: api, queueURL: queueURL, handlers: handlers, wait: wait, visibility: visibility, concurrency: 4, log: log}
}

// Run polls until ctx is cancelled.
func (w *Worker) Run(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := w.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(w.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             w.wait,
			VisibilityTimeout:           w.visibility,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			w.log.ErrorContext(ctx, "receive", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		w.process(ctx, out.Messages)
	}
}

func (w *Worker) process(ctx context.Context, msgs []types.Message) {
	sem := make(chan struct{}, w.concurrency)
	var wg sync.WaitGroup
	for _, m := range msgs {
		wg.Add(1)
		sem <- struct{}{}
		go func(m types.Message) {
			defer wg.Done()
			defer func() { <-sem }()
			w.handle(ctx, m)
		}(m)
	}
	wg.Wait()
}

func (w *Worker) handle(ctx context.Context, m types.Message) {
	meta := Meta{
		MessageID: aws.ToString(m.MessageId),
		DedupID:   m.Attributes[string(types.MessageSystemAttributeNameMessageDeduplicationId)],
		GroupID:   m.Attributes[string(types.MessageSystemAttributeNameMessageGroupId)],
	}
	meta.ReceiveCount, _ = strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	var env queue.Envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		w.log.ErrorContext(ctx, "dropping malformed message", "message_id", meta.MessageID, "err", err)
		w.ack(ctx, m)
		return
	}
	h, ok := w.handlers[env.Type]
	if !ok {
		w.log.ErrorContext(ctx, "no handler for job type", "type", env.Type, "message_id", meta.MessageID)
		return
	}
	err := h(ctx, env.Payload, meta)
	switch {
	case err == nil:
		w.ack(ctx, m)
	case errors.Is(err, errDrop):
		w.log.ErrorContext(ctx, "dropping job", "type", env.Type, "message_id", meta.MessageID, "err", err)
		w.ack(ctx, m)
	default:
		delay := time.Duration(meta.ReceiveCount*15) * time.Second
		var re *RetryableError
		if errors.As(err, &re) && re.Delay > 0 {
			delay = re.Delay
		}
		w.log.WarnContext(ctx, "job failed", "type", env.Type, "message_id", meta.MessageID, "receive_count", meta.ReceiveCount, "err", err)
		w.nack(ctx, m, delay)
	}
}

func (w *Worker) ack(ctx context.Context, m types.Message) {
	if _, err := w.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.queueURL), ReceiptHandle: m.ReceiptHandle}); err != nil {
		w.log.ErrorContext(ctx, "delete message", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

func (w *Worker) nack(ctx context.Context, m types.Message, delay time.Duration) {
	if delay > 12*time.Hour {
		delay = 12 * time.Hour
	}
	_, err := w.api.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(w.queueURL),
		ReceiptHandle:     m.ReceiptHandle,
		VisibilityTimeout: int32(delay.Seconds()),
	})
	if err != nil {
		w.log.WarnContext(ctx, "change visibility", "err", err)
	}
}
