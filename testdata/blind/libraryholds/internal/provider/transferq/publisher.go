// Package transferq carries transfer requests between branches on an SQS
// FIFO queue. Messages for one destination branch share a message group so
// the receiving desk sees them in order.
package transferq

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client this package uses.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Outgoing is one message to publish.
type Outgoing struct {
	Type    string
	GroupID string
	// DedupID is the FIFO deduplication id: SQS drops any message with the
	// same id sent within five minutes of the first.
	DedupID string
	Body    any
}

// Publisher sends transfer messages.
type Publisher interface {
	Publish(ctx context.Context, m Outgoing) (string, error)
}

// SQSPublisher implements Publisher.
type SQSPublisher struct {
	api      SQSAPI
	queueURL string
}

// NewPublisher returns a publisher for the transfer FIFO queue.
func NewPublisher(api SQSAPI, queueURL string) *SQSPublisher {
	return &SQSPublisher{api: api, queueURL: queueURL}
}

const attrType = "type"

// Publish sends m and returns the SQS message id.
func (p *SQSPublisher) Publish(ctx context.Context, m Outgoing) (string, error) {
	if m.GroupID == "" || m.DedupID == "" {
		return "", fmt.Errorf("transferq: group and dedup id are required on a FIFO queue")
	}
	body, err := json.Marshal(m.Body)
	if err != nil {
		return "", fmt.Errorf("transferq: encode %s: %w", m.Type, err)
	}
	out, err := p.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(m.GroupID),
		MessageDeduplicationId: aws.String(m.DedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			attrType: {DataType: aws.String("String"), StringValue: aws.String(m.Type)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("transferq: send %s: %w", m.Type, err)
	}
	return aws.ToString(out.MessageId), nil
}
