package partnerq

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/rs/xid"

	"github.com/frostline-arena/rinkops/internal/platform"
)

// Outbound is the envelope the league expects on its inbound queue.
type Outbound struct {
	Type       string    `json:"type"`
	Venue      string    `json:"venue"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       any       `json:"data"`
}

type Publisher struct {
	api      API
	queueURL string
	venue    string
}

func NewPublisher(api API, cfg platform.PartnerQueueConfig, fx platform.FixturesConfig) *Publisher {
	return &Publisher{api: api, queueURL: cfg.OutboundQueueURL, venue: fx.Venue}
}

// Publish sends evt to the league's FIFO queue. groupID orders messages
// for one booking or team relative to each other.
func (p *Publisher) Publish(ctx context.Context, groupID string, evt Outbound) error {
	if evt.Venue == "" {
		evt.Venue = p.venue
	}
	if evt.OccurredAt.IsZero() {
		evt.OccurredAt = time.Now().UTC()
	}
	body, err := json.Marshal(evt)
	if err != nil {
		return fmt.Errorf("encode %s: %w", evt.Type, err)
	}
	// The league's queue is FIFO with content-based deduplication turned
	// off, so SQS requires an explicit deduplication ID on every send.
	_, err = p.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               str(p.queueURL),
		MessageBody:            str(string(body)),
		MessageGroupId:         str(groupID),
		MessageDeduplicationId: str(xid.New().String()),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: str("String"), StringValue: str(evt.Type)},
		},
	})
	if err != nil {
		return fmt.Errorf("publish %s: %w", evt.Type, err)
	}
	return nil
}
