package ediqueue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/quaymark/terminal-ops/internal/config"
)

// ErrDiscard tells the poller to delete a message that cannot succeed.
var ErrDiscard = errors.New("discard message")

// HandlerFunc handles one job. A nil error deletes the message; any other
// error leaves it for SQS to redeliver after the visibility timeout.
type HandlerFunc func(ctx context.Context, job Job) error

// Poller long-polls the queue and runs a handler per message.
type Poller struct {
	api        SQSAPI
	queueURL   string
	visibility time.Duration
	handle     HandlerFunc
}

// NewPoller builds a Poller.
func NewPoller(api SQSAPI, cfg *config.Config, handle HandlerFunc) *Poller {
	return &Poller{api: api, queueURL: cfg.EDIOutboundQueue, visibility: cfg.EDIVisibility, handle: handle}
}

// Run polls until ctx is cancelled.
func (p *Poller) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := p.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(p.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   int32(p.visibility / time.Second),
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			slog.Error("sqs receive", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			p.process(ctx, m.Body, m.ReceiptHandle)
		}
	}
	return nil
}

func (p *Poller) process(ctx context.Context, body, receipt *string) {
	var job Job
	err := json.Unmarshal([]byte(aws.ToString(body)), &job)
	if err == nil {
		hctx, cancel := context.WithTimeout(ctx, p.visibility-5*time.Second)
		err = p.handle(hctx, job)
		cancel()
	} else {
		err = errors.Join(ErrDiscard, err)
	}
	if err != nil && !errors.Is(err, ErrDiscard) {
		slog.Warn("edi job failed, leaving for redelivery", "message_id", job.MessageID, "err", err)
		return
	}
	if err != nil {
		slog.Error("edi job discarded", "message_id", job.MessageID, "err", err)
	}
	if _, derr := p.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl: aws.String(p.queueURL), ReceiptHandle: receipt,
	}); derr != nil {
		slog.Error("sqs delete", "message_id", job.MessageID, "err", derr)
	}
}
