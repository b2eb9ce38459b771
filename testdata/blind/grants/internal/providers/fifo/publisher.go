// Package fifo publishes events to the SQS FIFO queue. SQS drops a message
// whose MessageDeduplicationId it has seen in the last five minutes.
package fifo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/ports"
)

// EventTypeAttribute is the message attribute consumers dispatch on.
const EventTypeAttribute = "event_type"

// SendAPI is the subset of *sqs.Client the publisher needs.
type SendAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Publisher implements ports.Publisher.
type Publisher struct {
	api      SendAPI
	queueURL string
	policy   retry.Policy
}

// New builds a publisher for queueURL.
func New(api SendAPI, queueURL string) *Publisher {
	return &Publisher{api: api, queueURL: queueURL, policy: retry.Default}
}

// Publish sends one message and returns its SQS message id.
func (p *Publisher) Publish(ctx context.Context, m ports.QueueMessage) (string, error) {
	in := &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(m.Body)),
		MessageGroupId:         aws.String(m.GroupID),
		MessageDeduplicationId: aws.String(m.DedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			EventTypeAttribute: {DataType: aws.String("String"), StringValue: aws.String(m.EventType)},
		},
	}
	out, err := retry.DoValue(ctx, p.policy, func() (*sqs.SendMessageOutput, error) {
		return p.api.SendMessage(ctx, in)
	})
	if err != nil {
		return "", fmt.Errorf("sqs send %s: %w", m.EventType, err)
	}
	return aws.ToString(out.MessageId), nil
}
