// Package workers runs the SQS queue workers. Each worker long-polls its
// queue, runs the handler for every message and deletes the message only
// when the handler succeeded; a failed message becomes visible again when
// its visibility timeout runs out and is retried, up to the queue's
// maxReceiveCount, after which SQS moves it to the dead-letter queue.
package workers

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
)

// Message is a received SQS message.
type Message struct {
	ID           string
	Body         []byte
	ReceiveCount int
	GroupID      string
	DedupID      string
}

// Handler processes one message.
type Handler func(ctx context.Context, m Message) error

// Queue binds a handler to a queue URL.
type Queue struct {
	Name       string
	URL        string
	Handler    Handler
	Visibility time.Duration
	Workers    int
}

// errDrop marks a message that should be deleted without retrying.
var errDrop = errors.New("drop message")

// jsonBody adapts a typed handler to a Handler.
func jsonBody[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, m Message) error {
		var v T
		if err := json.Unmarshal(m.Body, &v); err != nil {
			return errors.Join(errDrop, err)
		}
		return fn(ctx, v)
	}
}

// Poller runs the receive/handle/delete loop for a set of queues.
type Poller struct {
	client events.SQSAPI
	queues []Queue
	log    *zap.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewPoller returns a Poller.
func NewPoller(client events.SQSAPI, queues []Queue, log *zap.Logger) *Poller {
	return &Poller{client: client, queues: queues, log: log.Named("sqs")}
}

// Start launches the loops.
func (p *Poller) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	for _, q := range p.queues {
		if q.URL == "" {
			p.log.Warn("queue not configured; worker disabled", zap.String("queue", q.Name))
			continue
		}
		n := q.Workers
		if n <= 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			p.wg.Add(1)
			go func(q Queue) {
				defer p.wg.Done()
				p.loop(ctx, q)
			}(q)
		}
	}
}

// Stop cancels the loops and waits for them to finish.
func (p *Poller) Stop() {
	if p.cancel != nil {
		p.cancel()
	}
	p.wg.Wait()
}

func (p *Poller) loop(ctx context.Context, q Queue) {
	log := p.log.With(zap.String("queue", q.Name))
	visibility := int32(q.Visibility / time.Second)
	if visibility == 0 {
		visibility = 60
	}
	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(q.URL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
				types.MessageSystemAttributeNameMessageGroupId,
				types.MessageSystemAttributeNameMessageDeduplicationId,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Warn("receive failed", zap.Error(err))
			time.Sleep(2 * time.Second)
			continue
		}
		for _, raw := range out.Messages {
			m := toMessage(raw)
			err := q.Handler(ctx, m)
			switch {
			case err == nil:
			case errors.Is(err, errDrop), errors.Is(err, domain.ErrInvalid):
				log.Error("dropping message", zap.String("message_id", m.ID), zap.Error(err))
			default:
				log.Warn("handler failed; message will be redelivered",
					zap.String("message_id", m.ID), zap.Int("receive_count", m.ReceiveCount), zap.Error(err))
				continue
			}
			if _, err := p.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
				QueueUrl:      aws.String(q.URL),
				ReceiptHandle: raw.ReceiptHandle,
			}); err != nil {
				log.Warn("delete failed", zap.String("message_id", m.ID), zap.Error(err))
			}
		}
	}
}

func toMessage(raw types.Message) Message {
	m := Message{ID: aws.ToString(raw.MessageId), Body: []byte(aws.ToString(raw.Body))}
	if v, ok := raw.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		m.ReceiveCount, _ = strconv.Atoi(v)
	}
	m.GroupID = raw.Attributes[string(types.MessageSystemAttributeNameMessageGroupId)]
	m.DedupID = raw.Attributes[string(types.MessageSystemAttributeNameMessageDeduplicationId)]
	return m
}

// Run ties the Poller to the fx lifecycle.
func Run(lc fx.Lifecycle, p *Poller) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { p.Start(); return nil },
		OnStop:  func(context.Context) error { p.Stop(); return nil },
	})
}
