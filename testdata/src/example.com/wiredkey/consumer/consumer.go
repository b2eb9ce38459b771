// Package consumer receives batches of queue messages and hands each
// message's ID to the service.
package consumer

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"example.com/wiredkey/app"
)

// Consumer handles the messages of a queue.
type Consumer struct {
	SQS    *sqs.Client
	Orders app.Orders
}

// Run places an order per message: each turn of the batch's loop reads
// its message's ID, so the key differs from turn to turn.
func (c *Consumer) Run(ctx context.Context) {
	for {
		out, err := c.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{})
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			c.Orders.Receive(ctx, aws.ToString(m.MessageId), 1)
		}
	}
}

// RunVia hands each message of a batch to a function that reads its ID.
func (c *Consumer) RunVia(ctx context.Context) {
	for {
		out, err := c.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{})
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	c.Orders.Accept(ctx, aws.ToString(m.MessageId))
}
