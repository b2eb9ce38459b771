// Package notify publishes importer notifications and shipment events to SNS.
//
// Importer notifications go to a FIFO topic (one message group per importer)
// whose subscribers render email and portal messages; SNS drops a message
// whose MessageDeduplicationId it has seen in the last five minutes.
// Shipment events go to a standard topic consumed by analytics and the
// carrier desk; standard topics do not de-duplicate. SMS alerts are sent as
// direct SNS publishes to a phone number.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"

	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
)

// Publisher sends notifications and events.
type Publisher interface {
	NotifyImporter(ctx context.Context, n Notification) error
	PublishShipmentEvent(ctx context.Context, e ShipmentEvent) error
	SendSMS(ctx context.Context, phone, text string) (string, error)
}

// SNSAPI is the subset of the SNS client used here.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

// Notification is a message to an importer.
type Notification struct {
	ImporterID string            `json:"importer_id"`
	Kind       string            `json:"kind"`
	Subject    string            `json:"subject"`
	ShipmentID string            `json:"shipment_id,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	dedupID    string
}

// Builder assembles a Notification.
type Builder struct{ n Notification }

// For starts a notification to the given importer.
func For(importerID, kind string) *Builder {
	return &Builder{n: Notification{ImporterID: importerID, Kind: kind, Data: map[string]string{}}}
}

func (b *Builder) Subject(s string) *Builder   { b.n.Subject = s; return b }
func (b *Builder) Shipment(id string) *Builder { b.n.ShipmentID = id; return b }
func (b *Builder) With(k, v string) *Builder   { b.n.Data[k] = v; return b }
func (b *Builder) DedupKey(k string) *Builder  { b.n.dedupID = k; return b }

// Build returns the notification. Without an explicit DedupKey a unique one
// is assigned so that SNS accepts the message.
func (b *Builder) Build() Notification {
	n := b.n
	if n.dedupID == "" {
		n.dedupID = ids.New("ntf")
	}
	return n
}

// ShipmentEvent is a lifecycle event for the shipment-events topic.
type ShipmentEvent struct {
	Type       string    `json:"type"`
	ShipmentID string    `json:"shipment_id"`
	ImporterID string    `json:"importer_id"`
	At         time.Time `json:"at"`
	Detail     any       `json:"detail,omitempty"`
}

// SNSPublisher implements Publisher on SNS.
type SNSPublisher struct {
	api    SNSAPI
	topics config.TopicConfig
}

// NewSNSPublisher returns a Publisher bound to the configured topics.
func NewSNSPublisher(api SNSAPI, cfg *config.Config) *SNSPublisher {
	return &SNSPublisher{api: api, topics: cfg.Topics}
}

func (p *SNSPublisher) NotifyImporter(ctx context.Context, n Notification) error {
	body, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = p.api.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String(p.topics.ImporterNotifications),
		Message:                aws.String(string(body)),
		MessageGroupId:         aws.String(n.ImporterID),
		MessageDeduplicationId: aws.String(n.dedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"kind": {DataType: aws.String("String"), StringValue: aws.String(n.Kind)},
		},
	})
	if err != nil {
		return fmt.Errorf("notify: importer %s: %w", n.ImporterID, err)
	}
	return nil
}

func (p *SNSPublisher) PublishShipmentEvent(ctx context.Context, e ShipmentEvent) error {
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = p.api.Publish(ctx, &sns.PublishInput{
		TopicArn: aws.String(p.topics.ShipmentEvents),
		Message:  aws.String(string(body)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(e.Type)},
		},
	})
	if err != nil {
		return fmt.Errorf("notify: shipment event %s: %w", e.Type, err)
	}
	return nil
}

func (p *SNSPublisher) SendSMS(ctx context.Context, phone, text string) (string, error) {
	out, err := p.api.Publish(ctx, &sns.PublishInput{
		PhoneNumber: aws.String(phone),
		Message:     aws.String(text),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"AWS.SNS.SMS.SMSType": {DataType: aws.String("String"), StringValue: aws.String("Transactional")},
		},
	})
	if err != nil {
		return "", fmt.Errorf("notify: sms: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
