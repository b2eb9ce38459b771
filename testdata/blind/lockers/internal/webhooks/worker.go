package webhooks

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

	"github.com/quayside/lockers/internal/platform/observe"
)

// Handler processes one job. Returning an error leaves the message on the
// queue; SQS makes it visible again after the visibility timeout and moves
// it to the dead-letter queue after maxReceiveCount receives.
type Handler func(ctx context.Context, job Job) error

type WorkerOption func(*Worker)

func WithConcurrency(n int) WorkerOption {
	return func(w *Worker) { w.concurrency = n }
}

func WithVisibilityTimeout(d time.Duration) WorkerOption {
	return func(w *Worker) { w.visibility = int32(d.Seconds()) }
}

func WithMetrics(m *observe.Metrics) WorkerOption {
	return func(w *Worker) { w.metrics = m }
}

type Worker struct {
	client      SQSAPI
	queueURL    string
	handlers    map[string]Handler
	concurrency int
	visibility  int32
	metrics     *observe.Metrics
	log         *slog.Logger
}

func NewWorker(client SQSAPI, queueURL string, handlers map[string]Handler, log *slog.Logger, opts ...WorkerOption) *Worker {
	w := &Worker{
		client:      client,
		queueURL:    queueURL,
		handlers:    handlers,
		concurrency: 4,
		visibility:  60,
		log:         log,
	}
	for _, o := range opts {
		o(w)
	}
	return w
}

// Run polls until ctx is cancelled.
func (w *Worker) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for i := 0; i < w.concurrency; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.poll(ctx)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

func (w *Worker) poll(ctx context.Context) {
	for ctx.Err() == nil {
		out, err := w.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(w.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           w.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			w.log.ErrorContext(ctx, "receive", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, msg := range out.Messages {
			w.process(ctx, msg)
		}
	}
}

func (w *Worker) process(ctx context.Context, msg types.Message) {
	var job Job
	if err := json.Unmarshal([]byte(aws.ToString(msg.Body)), &job); err != nil {
		w.log.ErrorContext(ctx, "undecodable job, dropping", "message_id", aws.ToString(msg.MessageId), "err", err)
		w.delete(ctx, msg)
		return
	}
	h, ok := w.handlers[job.Type]
	if !ok {
		w.log.WarnContext(ctx, "no handler for job type", "type", job.Type, "job_id", job.ID)
		w.delete(ctx, msg)
		return
	}
	err := h(ctx, job)
	w.metrics.ObserveJob(job.Type, err)
	if err != nil {
		w.log.ErrorContext(ctx, "job failed", "type", job.Type, "job_id", job.ID,
			"receive_count", msg.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
		var perr *PartnerError
		if errors.As(err, &perr) && perr.StatusCode == 429 {
			w.backoff(ctx, msg, 300)
		}
		return
	}
	w.delete(ctx, msg)
}

func (w *Worker) backoff(ctx context.Context, msg types.Message, seconds int32) {
	_, err := w.client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(w.queueURL),
		ReceiptHandle:     msg.ReceiptHandle,
		VisibilityTimeout: seconds,
	})
	if err != nil {
		w.log.WarnContext(ctx, "extend visibility", "err", err)
	}
}

func (w *Worker) delete(ctx context.Context, msg types.Message) {
	_, err := w.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(w.queueURL),
		ReceiptHandle: msg.ReceiptHandle,
	})
	if err != nil {
		w.log.WarnContext(ctx, "delete message", "message_id", aws.ToString(msg.MessageId), "err", fmt.Errorf("sqs: %w", err))
	}
}
