// Package notify publishes domain notifications to an SNS FIFO topic that
// fans out to the tenant-facing notification service.
//
// SNS FIFO drops a message whose MessageDeduplicationId was already seen on
// the topic within the last five minutes.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"

	"github.com/northwind/payables/internal/platform/ids"
)

// Event is one notification.
type Event struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	TenantID   string    `json:"tenant_id"`
	GroupID    string    `json:"-"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       any       `json:"data"`
}

// NewEvent builds an event with a fresh identifier.
func NewEvent(typ, tenantID, groupID string, data any) Event {
	return Event{
		ID:         ids.NewULID(),
		Type:       typ,
		TenantID:   tenantID,
		GroupID:    groupID,
		OccurredAt: time.Now().UTC(),
		Data:       data,
	}
}

// EventFor builds an event whose identifier is the given stable ID.
func EventFor(id, typ, tenantID, groupID string, data any) Event {
	ev := NewEvent(typ, tenantID, groupID, data)
	ev.ID = id
	return ev
}

// Publisher publishes events.
type Publisher interface {
	Publish(ctx context.Context, ev Event) error
}

// SNSAPI is the part of the SNS client used here.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

// SNSPublisher publishes to a FIFO topic.
type SNSPublisher struct {
	client   SNSAPI
	topicARN string
}

// NewSNSPublisher returns a Publisher for topicARN.
func NewSNSPublisher(client SNSAPI, topicARN string) *SNSPublisher {
	return &SNSPublisher{client: client, topicARN: topicARN}
}

// Publish sends ev, using its ID as the FIFO deduplication ID.
func (p *SNSPublisher) Publish(ctx context.Context, ev Event) error {
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	group := ev.GroupID
	if group == "" {
		group = ev.TenantID
	}
	_, err = p.client.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String(p.topicARN),
		Message:                aws.String(string(body)),
		MessageGroupId:         aws.String(group),
		MessageDeduplicationId: aws.String(ev.ID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(ev.Type)},
		},
	})
	if err != nil {
		return fmt.Errorf("notify: publish %s: %w", ev.Type, err)
	}
	return nil
}
