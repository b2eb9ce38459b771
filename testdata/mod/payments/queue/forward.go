// Package queue forwards ledger entries from asynq jobs to the ledger
// service's SQS queues. asynq runs a handler again when it fails or the
// worker dies before acknowledging the task.
package queue

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
)

// Entry is a ledger entry to forward.
type Entry struct {
	AccountID   string `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
	Reference   string `json:"reference"`
}

// Forwarder sends ledger entries to SQS.
type Forwarder struct {
	SQS *sqs.Client
	// LedgerQueueURL is a FIFO queue; AuditQueueURL a standard one.
	LedgerQueueURL string
	AuditQueueURL  string
}

// Register registers the forwarder's handlers.
func (f *Forwarder) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("ledger:forward", f.Forward)
	mux.HandleFunc("ledger:forward-once", f.ForwardOnce)
	mux.HandleFunc("ledger:audit", f.Audit)
}

// Forward sends the entry to the FIFO queue without a deduplication ID:
// the queue does no content-based deduplication, so a retried task posts
// the entry twice.
func (f *Forwarder) Forward(ctx context.Context, t *asynq.Task) error {
	var e Entry
	if err := json.Unmarshal(t.Payload(), &e); err != nil {
		return err
	}
	_, err := f.SQS.SendMessage(ctx, &sqs.SendMessageInput{ // finding: IDEM002
		QueueUrl:       aws.String(f.LedgerQueueURL),
		MessageBody:    aws.String(string(t.Payload())),
		MessageGroupId: aws.String(e.AccountID),
	})
	return err
}

// ForwardOnce passes the task's ID as the deduplication ID: the queue
// drops a retry's message within its five-minute window.
func (f *Forwarder) ForwardOnce(ctx context.Context, t *asynq.Task) error {
	var e Entry
	if err := json.Unmarshal(t.Payload(), &e); err != nil {
		return err
	}
	_, err := f.SQS.SendMessage(ctx, &sqs.SendMessageInput{ // safe: MessageDeduplicationId is the task ID
		QueueUrl:               aws.String(f.LedgerQueueURL),
		MessageBody:            aws.String(string(t.Payload())),
		MessageGroupId:         aws.String(e.AccountID),
		MessageDeduplicationId: aws.String(t.ResultWriter().TaskID()),
	})
	return err
}

// Audit copies the entry to a standard queue, which has no deduplication:
// its consumers dedupe on the reference.
func (f *Forwarder) Audit(ctx context.Context, t *asynq.Task) error {
	_, err := f.SQS.SendMessage(ctx, &sqs.SendMessageInput{ // safe: a standard queue takes no deduplication ID
		QueueUrl:    aws.String(f.AuditQueueURL),
		MessageBody: aws.String(string(t.Payload())),
	})
	return err
}
