// Package financefeed sends reserve and payment movements to the finance
// system's FIFO SQS queue. The queue de-duplicates on MessageDeduplicationId
// within a five-minute window.
package financefeed

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// API is the part of the SQS client the feed uses.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Entry is one finance movement.
type Entry struct {
	Kind        string `json:"kind"`
	ClaimID     string `json:"claim_id"`
	Category    string `json:"category"`
	AmountCents int64  `json:"amount_cents"`
	Reference   string `json:"reference"`
	OccurredAt  string `json:"occurred_at"`
}

// Feed is the FIFO queue producer.
type Feed struct {
	api      API
	queueURL string
}

// New builds a Feed.
func New(api API, queueURL string) *Feed { return &Feed{api: api, queueURL: queueURL} }

type sendConfig struct {
	groupID string
	dedupID string
	attrs   map[string]types.MessageAttributeValue
}

// SendOption customises a Send call.
type SendOption func(*sendConfig)

// WithGroupID sets MessageGroupId (ordering scope).
func WithGroupID(id string) SendOption { return func(c *sendConfig) { c.groupID = id } }

// WithDedupID sets MessageDeduplicationId.
func WithDedupID(id string) SendOption { return func(c *sendConfig) { c.dedupID = id } }

// WithAttribute adds a string message attribute.
func WithAttribute(k, v string) SendOption {
	return func(c *sendConfig) {
		if c.attrs == nil {
			c.attrs = map[string]types.MessageAttributeValue{}
		}
		c.attrs[k] = types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
	}
}

// Send enqueues e.
func (f *Feed) Send(ctx context.Context, e Entry, opts ...SendOption) error {
	cfg := sendConfig{groupID: e.ClaimID}
	for _, o := range opts {
		o(&cfg)
	}
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	in := &sqs.SendMessageInput{
		QueueUrl:          aws.String(f.queueURL),
		MessageBody:       aws.String(string(body)),
		MessageGroupId:    aws.String(cfg.groupID),
		MessageAttributes: cfg.attrs,
	}
	if cfg.dedupID != "" {
		in.MessageDeduplicationId = aws.String(cfg.dedupID)
	}
	if _, err := f.api.SendMessage(ctx, in); err != nil {
		return fmt.Errorf("finance feed send: %w", err)
	}
	return nil
}
