// Package queue carries invoice dispatch requests over an SQS FIFO queue.
// The queue has content-based deduplication disabled: SQS drops a message
// whose MessageDeduplicationId was seen in the previous five minutes.
package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/ids"
)

// Dispatch asks the dispatcher worker to email one invoice.
type Dispatch struct {
	DispatchID   string    `json:"dispatch_id"`
	InvoiceID    string    `json:"invoice_id"`
	AdvertiserID string    `json:"advertiser_id"`
	Reason       string    `json:"reason"`
	Recipient    string    `json:"recipient,omitempty"`
	RequestedAt  time.Time `json:"requested_at"`
}

// DispatchOption customises a Dispatch built by NewDispatch.
type DispatchOption func(*Dispatch)

// WithDispatchID pins the dispatch ID (and with it the SQS dedup ID).
func WithDispatchID(id string) DispatchOption {
	return func(d *Dispatch) { d.DispatchID = id }
}

// WithReason records why the invoice is being sent.
func WithReason(reason string) DispatchOption {
	return func(d *Dispatch) { d.Reason = reason }
}

// WithRecipient overrides the advertiser's billing email.
func WithRecipient(email string) DispatchOption {
	return func(d *Dispatch) { d.Recipient = email }
}

// NewDispatch builds a dispatch request for an invoice.
func NewDispatch(invoiceID, advertiserID string, opts ...DispatchOption) Dispatch {
	d := Dispatch{
		InvoiceID:    invoiceID,
		AdvertiserID: advertiserID,
		Reason:       "issued",
		RequestedAt:  time.Now().UTC(),
	}
	for _, opt := range opts {
		opt(&d)
	}
	if d.DispatchID == "" {
		d.DispatchID = ids.New("dsp")
	}
	return d
}

// Dispatcher enqueues invoice dispatches.
type Dispatcher interface {
	Enqueue(ctx context.Context, d Dispatch) error
}

type sqsDispatcher struct {
	client   *sqs.Client
	queueURL string
}

func NewDispatcher(client *sqs.Client, cfg *config.Config) Dispatcher {
	return &sqsDispatcher{client: client, queueURL: cfg.InvoiceDispatchURL}
}

func (s *sqsDispatcher) Enqueue(ctx context.Context, d Dispatch) error {
	body, err := json.Marshal(d)
	if err != nil {
		return err
	}
	_, err = s.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(s.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(d.AdvertiserID),
		MessageDeduplicationId: aws.String(d.DispatchID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"reason": {DataType: aws.String("String"), StringValue: aws.String(d.Reason)},
		},
	})
	if err != nil {
		return fmt.Errorf("sqs send dispatch %s: %w", d.DispatchID, err)
	}
	return nil
}
