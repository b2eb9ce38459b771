// Package messaging publishes to SNS topics and sends to SQS queues.
package messaging

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	snstypes "github.com/aws/aws-sdk-go-v2/service/sns/types"
)

// SNSAPI is the part of the SNS client we use.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

// Envelope is a message to publish. For FIFO topics GroupID orders
// messages and DedupID suppresses repeats within SNS's five-minute window.
type Envelope struct {
	TopicARN   string
	Subject    string
	EventType  string
	Body       any
	GroupID    string
	DedupID    string
	Attributes map[string]string
}

// Publisher publishes envelopes as JSON.
type Publisher struct {
	client SNSAPI
	newID  func() string
	source string
}

// NewPublisher builds a Publisher. newID is used for message identifiers
// that callers do not supply.
func NewPublisher(client SNSAPI, newID func() string, source string) *Publisher {
	return &Publisher{client: client, newID: newID, source: source}
}

// Publish sends env and returns the SNS message ID.
func (p *Publisher) Publish(ctx context.Context, env Envelope) (string, error) {
	body, err := json.Marshal(env.Body)
	if err != nil {
		return "", fmt.Errorf("messaging: encode %s: %w", env.EventType, err)
	}
	in := &sns.PublishInput{
		TopicArn:          aws.String(env.TopicARN),
		Message:           aws.String(string(body)),
		MessageAttributes: p.attributes(env),
	}
	if env.Subject != "" {
		in.Subject = aws.String(env.Subject)
	}
	if isFIFO(env.TopicARN) {
		group := env.GroupID
		if group == "" {
			group = env.EventType
		}
		// FIFO topics refuse a publish without a deduplication ID unless
		// content-based deduplication is switched on for the topic, and
		// ours are not.
		dedup := env.DedupID
		if dedup == "" {
			dedup = p.newID()
		}
		in.MessageGroupId = aws.String(group)
		in.MessageDeduplicationId = aws.String(dedup)
	}
	out, err := p.client.Publish(ctx, in)
	if err != nil {
		return "", fmt.Errorf("messaging: publish %s to %s: %w", env.EventType, env.TopicARN, err)
	}
	return aws.ToString(out.MessageId), nil
}

func (p *Publisher) attributes(env Envelope) map[string]snstypes.MessageAttributeValue {
	attrs := map[string]snstypes.MessageAttributeValue{
		"event_type": {DataType: aws.String("String"), StringValue: aws.String(env.EventType)},
		"source":     {DataType: aws.String("String"), StringValue: aws.String(p.source)},
	}
	for k, v := range env.Attributes {
		attrs[k] = snstypes.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
	}
	return attrs
}

func isFIFO(arn string) bool { return strings.HasSuffix(arn, ".fifo") }
