package funcvalues

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// queueAPI is the consumer's own interface over the SQS client, which
// main fills with an *sqs.Client and tests with a fake.
type queueAPI interface {
	ReceiveMessage(ctx context.Context, params *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
}

type apiConsumer struct {
	api queueAPI
	url string
}

func (c *apiConsumer) run(ctx context.Context) {
	for {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &c.url}) // want `root: SQS consumer loop apiConsumer.run`
		if err != nil {
			continue
		}
		for range out.Messages {
		}
	}
}

// poolConsumer receives on one goroutine and hands each message to
// workers over a channel: a worker's loop runs once per delivery.
type poolConsumer struct {
	api queueAPI
	url string
}

func (c *poolConsumer) run(ctx context.Context) {
	msgs := make(chan types.Message)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range msgs { // want `root: SQS consumer loop func literal in poolConsumer.run`
				c.handle(ctx, m)
			}
		}()
	}
	for {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &c.url}) // want `root: SQS consumer loop poolConsumer.run`
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			msgs <- m
		}
	}
}

func (c *poolConsumer) handle(ctx context.Context, m types.Message) { // want `reached from SQS consumer loop func literal in poolConsumer.run through 1 calls`
	step() // want `step on retried path`
}
