package sqsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.uber.org/zap"
)

// Message is one received SQS message.
type Message struct {
	ID            string
	ReceiptHandle string
	Type          string
	Body          []byte
	ReceiveCount  int
	Attributes    map[string]string
}

// Decode unmarshals the body into v.
func (m Message) Decode(v any) error { return json.Unmarshal(m.Body, v) }

// HandlerFunc processes a message; returning nil deletes it, an error leaves
// it to reappear after the visibility timeout.
type HandlerFunc func(ctx context.Context, m Message) error

// ErrDrop tells the consumer to delete a message it cannot ever process.
var ErrDrop = errors.New("sqsbus: drop message")

// Routes maps message types to handlers.
type Routes map[string]HandlerFunc

type ConsumerConfig struct {
	QueueURL          string
	WaitSeconds       int32
	VisibilityTimeout int32
	MaxMessages       int32
	Workers           int
}

type Consumer struct {
	api    API
	cfg    ConsumerConfig
	routes Routes
	log    *zap.Logger

	stop chan struct{}
	wg   sync.WaitGroup
}

func NewConsumer(api API, cfg ConsumerConfig, routes Routes, log *zap.Logger) *Consumer {
	if cfg.MaxMessages == 0 {
		cfg.MaxMessages = 10
	}
	if cfg.Workers == 0 {
		cfg.Workers = 4
	}
	return &Consumer{api: api, cfg: cfg, routes: routes, log: log.With(zap.String("queue", cfg.QueueURL)), stop: make(chan struct{})}
}

func (c *Consumer) Start() {
	for i := 0; i < c.cfg.Workers; i++ {
		c.wg.Add(1)
		go c.loop()
	}
}

func (c *Consumer) Stop(ctx context.Context) error {
	close(c.stop)
	done := make(chan struct{})
	go func() { c.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Consumer) loop() {
	defer c.wg.Done()
	for {
		select {
		case <-c.stop:
			return
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(c.cfg.WaitSeconds+5)*time.Second)
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.cfg.QueueURL),
			MaxNumberOfMessages:         c.cfg.MaxMessages,
			WaitTimeSeconds:             c.cfg.WaitSeconds,
			VisibilityTimeout:           c.cfg.VisibilityTimeout,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		cancel()
		if err != nil {
			c.log.Warn("receive failed", zap.Error(err))
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.handle(m)
		}
	}
}

func (c *Consumer) handle(raw types.Message) {
	msg := Message{
		ID:            aws.ToString(raw.MessageId),
		ReceiptHandle: aws.ToString(raw.ReceiptHandle),
		Body:          []byte(aws.ToString(raw.Body)),
		Attributes:    map[string]string{},
	}
	for k, v := range raw.MessageAttributes {
		msg.Attributes[k] = aws.ToString(v.StringValue)
	}
	msg.Type = msg.Attributes[attrType]
	if n, ok := raw.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		fmt.Sscanf(n, "%d", &msg.ReceiveCount)
	}
	log := c.log.With(zap.String("message_id", msg.ID), zap.String("type", msg.Type), zap.Int("receive_count", msg.ReceiveCount))

	h, ok := c.routes[msg.Type]
	if !ok {
		log.Error("no route for message type; leaving for DLQ")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(c.cfg.VisibilityTimeout)*time.Second)
	defer cancel()
	err := h(ctx, msg)
	if err != nil && !errors.Is(err, ErrDrop) {
		log.Warn("message handler failed; will be redelivered", zap.Error(err))
		return
	}
	if errors.Is(err, ErrDrop) {
		log.Warn("dropping message", zap.Error(err))
	}
	if _, derr := c.api.DeleteMessage(context.Background(), &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.cfg.QueueURL),
		ReceiptHandle: aws.String(msg.ReceiptHandle),
	}); derr != nil {
		log.Warn("delete failed; message will be redelivered", zap.Error(derr))
	}
}

// NewClient builds an SQS client from the default AWS credential chain.
func NewClient(ctx context.Context, region string) (*sqs.Client, error) {
	cfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(region))
	if err != nil {
		return nil, fmt.Errorf("sqsbus: aws config: %w", err)
	}
	return sqs.NewFromConfig(cfg), nil
}
