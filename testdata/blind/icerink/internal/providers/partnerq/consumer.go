package partnerq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/frostline-arena/rinkops/internal/platform"
)

// Inbound is an event the league publishes to us. EventID is assigned by
// the league and is the same on every redelivery.
type Inbound struct {
	EventID    string          `json:"event_id"`
	Type       string          `json:"type"`
	LeagueID   string          `json:"league_id"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// HandlerFunc processes one inbound event. Returning an error leaves the
// message on the queue; SQS makes it visible again after the visibility
// timeout and moves it to the dead-letter queue after five receives.
type HandlerFunc func(ctx context.Context, evt Inbound) error

// ErrUnknownType is returned for events nobody registered for; those are
// deleted rather than retried.
var ErrUnknownType = errors.New("partnerq: no handler for event type")

type Consumer struct {
	api      API
	queueURL string
	routes   map[string]HandlerFunc
	log      *slog.Logger
}

func NewConsumer(api API, cfg platform.PartnerQueueConfig, log *slog.Logger) *Consumer {
	return &Consumer{api: api, queueURL: cfg.InboundQueueURL, routes: map[string]HandlerFunc{}, log: log}
}

// Handle registers h for an event type.
func (c *Consumer) Handle(eventType string, h HandlerFunc) {
	c.routes[eventType] = h
}

// Run long-polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            str(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   60,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			c.log.ErrorContext(ctx, "partnerq: receive", "err", err)
			time.Sleep(5 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
	return ctx.Err()
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	receives, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	log := c.log.With("message_id", deref(m.MessageId), "receives", receives)

	err := c.dispatch(ctx, deref(m.Body))
	switch {
	case errors.Is(err, ErrUnknownType):
		log.WarnContext(ctx, "partnerq: dropping event", "err", err)
	case err != nil:
		log.ErrorContext(ctx, "partnerq: handler failed; leaving for redelivery", "err", err)
		return
	}
	if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      str(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.ErrorContext(ctx, "partnerq: delete", "err", err)
	}
}

func (c *Consumer) dispatch(ctx context.Context, body string) error {
	var evt Inbound
	if err := json.Unmarshal([]byte(body), &evt); err != nil {
		return fmt.Errorf("%w: undecodable body: %v", ErrUnknownType, err)
	}
	h, ok := c.routes[evt.Type]
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownType, evt.Type)
	}
	return h(ctx, evt)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
