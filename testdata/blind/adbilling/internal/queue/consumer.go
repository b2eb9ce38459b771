package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/brightlane/adbilling/internal/config"
)

// DispatchHandler processes one dispatch. Returning an error leaves the
// message on the queue; it becomes visible again after the visibility
// timeout and is redelivered.
type DispatchHandler func(ctx context.Context, d Dispatch) error

type Consumer struct {
	client     *sqs.Client
	queueURL   string
	visibility int32
	handler    DispatchHandler
	log        *slog.Logger
}

func NewConsumer(client *sqs.Client, cfg *config.Config, h DispatchHandler, log *slog.Logger) *Consumer {
	return &Consumer{
		client:     client,
		queueURL:   cfg.InvoiceDispatchURL,
		visibility: cfg.SQSVisibilityTimout,
		handler:    h,
		log:        log.With("component", "invoice-dispatch-consumer"),
	}
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.log.Error("receive failed", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.handle(ctx, m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	receives, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	log := c.log.With("sqs_message_id", aws.ToString(m.MessageId), "receive_count", receives)

	var d Dispatch
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &d); err != nil {
		log.Error("dropping undecodable dispatch", "err", err)
		c.delete(ctx, m)
		return
	}
	hctx, cancel := context.WithTimeout(ctx, time.Duration(c.visibility)*time.Second-5*time.Second)
	defer cancel()
	if err := c.handler(hctx, d); err != nil {
		log.Warn("dispatch failed; will be redelivered", "dispatch_id", d.DispatchID, "err", err)
		return
	}
	c.delete(ctx, m)
}

func (c *Consumer) delete(ctx context.Context, m types.Message) {
	_, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		c.log.Error("delete failed", "sqs_message_id", aws.ToString(m.MessageId), "err", err)
	}
}
