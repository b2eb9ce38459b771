// Package meters consumes meter readings from a queue and hands each to
// the service by its type, through a table of typed handlers.
package meters

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Reading is a meter's reading, under the meter's own ID for it.
type Reading struct {
	ReadingID string `json:"reading_id"`
	Meter     string `json:"meter"`
	Value     int64  `json:"value"`
}

// Service records readings.
type Service interface {
	Record(ctx context.Context, r Reading) error
	RecordOnce(ctx context.Context, r Reading) error
}

// Handler handles one message's data.
type Handler func(ctx context.Context, msgID string, data json.RawMessage) error

type envelope struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// Consumer receives the queue's messages.
type Consumer struct {
	API      *sqs.Client
	handlers map[string]Handler
}

// New builds a consumer that hands readings to svc.
func New(api *sqs.Client, svc Service) *Consumer {
	c := &Consumer{API: api}
	c.handlers = map[string]Handler{
		"reading.taken": typed(func(ctx context.Context, _ string, r Reading) error {
			return svc.Record(ctx, r)
		}),
		"reading.corrected": typed(func(ctx context.Context, _ string, r Reading) error {
			return svc.RecordOnce(ctx, r)
		}),
	}
	return c
}

func typed[T any](fn func(ctx context.Context, msgID string, v T) error) Handler {
	return func(ctx context.Context, msgID string, data json.RawMessage) error {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		return fn(ctx, msgID, v)
	}
}

// Run polls the queue: each message goes to process, which hands it to
// the handler its type names.
func (c *Consumer) Run(ctx context.Context) {
	for {
		out, err := c.API.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{})
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	if err := c.handle(ctx, aws.ToString(m.MessageId), aws.ToString(m.Body)); err != nil {
		return // redelivered after the visibility timeout
	}
	c.API.DeleteMessage(ctx, &sqs.DeleteMessageInput{ReceiptHandle: m.ReceiptHandle})
}

func (c *Consumer) handle(ctx context.Context, msgID, body string) error {
	var env envelope
	if err := json.Unmarshal([]byte(body), &env); err != nil {
		return err
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		return nil
	}
	return h(ctx, msgID, env.Data)
}
