package events

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/northgate/tolls/internal/ids"
)

// Envelope is one message for an SQS queue.
type Envelope struct {
	Type    string
	GroupID string
	DedupID string
	Body    any
}

// EnvelopeOption customises an Envelope.
type EnvelopeOption func(*Envelope)

// WithDedupID sets the FIFO deduplication ID.
func WithDedupID(id string) EnvelopeOption {
	return func(e *Envelope) { e.DedupID = id }
}

// NewEnvelope builds an envelope. FIFO queues without content-based
// deduplication reject messages that have no deduplication ID, so one is
// always filled in.
func NewEnvelope(typ, groupID string, body any, opts ...EnvelopeOption) Envelope {
	e := Envelope{Type: typ, GroupID: groupID, Body: body}
	for _, o := range opts {
		o(&e)
	}
	if e.DedupID == "" {
		e.DedupID = ids.Token()
	}
	return e
}

// QueueSender sends envelopes to SQS.
type QueueSender interface {
	Send(ctx context.Context, queueURL string, env Envelope) (string, error)
}

// SQSAPI is the part of the SQS client used by this service.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

type sqsSender struct {
	client SQSAPI
}

// NewQueueSender returns an SQS-backed QueueSender.
func NewQueueSender(client SQSAPI) QueueSender {
	return &sqsSender{client: client}
}

func (s *sqsSender) Send(ctx context.Context, queueURL string, env Envelope) (string, error) {
	body, err := json.Marshal(env.Body)
	if err != nil {
		return "", err
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(queueURL),
		MessageBody: aws.String(string(body)),
		MessageAttributes: map[string]sqstypes.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(env.Type)},
		},
	}
	if strings.HasSuffix(queueURL, ".fifo") {
		in.MessageGroupId = aws.String(env.GroupID)
		in.MessageDeduplicationId = aws.String(env.DedupID)
	}
	out, err := s.client.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("sqs send %s: %w", env.Type, err)
	}
	return aws.ToString(out.MessageId), nil
}
