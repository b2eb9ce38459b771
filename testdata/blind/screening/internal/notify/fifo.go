// Package notify publishes operational notifications (order failures,
// disputes) to the ops FIFO queue consumed by the support tooling.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the publisher needs.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Publisher writes to a FIFO queue. Messages for the same group (usually an
// application id) are delivered to support tooling in order.
type Publisher struct {
	client   SQSAPI
	queueURL string
	newID    func() string
	now      func() time.Time
}

func NewPublisher(client SQSAPI, queueURL string, newID func() string) *Publisher {
	return &Publisher{client: client, queueURL: queueURL, newID: newID, now: time.Now}
}

// Notification is the envelope the support tooling reads.
type Notification struct {
	Type          string         `json:"type"`
	ApplicationID string         `json:"application_id"`
	OrderID       string         `json:"order_id,omitempty"`
	Detail        map[string]any `json:"detail,omitempty"`
	At            time.Time      `json:"at"`
}

// Publish sends n to the queue in the application's message group.
func (p *Publisher) Publish(ctx context.Context, n Notification) error {
	if n.At.IsZero() {
		n.At = p.now().UTC()
	}
	body, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(n.ApplicationID),
		MessageDeduplicationId: aws.String(p.newID()),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": stringAttr(n.Type),
		},
	})
	if err != nil {
		return fmt.Errorf("notify: send %s: %w", n.Type, err)
	}
	return nil
}

func stringAttr(v string) types.MessageAttributeValue {
	return types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
}
