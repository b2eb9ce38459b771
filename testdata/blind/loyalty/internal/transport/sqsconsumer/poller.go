// Package sqsconsumer polls the partner-callback SQS queue.
//
// A message is deleted only after its handler returns nil. Otherwise it
// becomes visible again after the visibility timeout and is redelivered with
// the same MessageId, up to the queue's maxReceiveCount, then moved to the
// dead-letter queue.
package sqsconsumer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/tidewater/loyalty/internal/domain"
)

// SQSAPI is the part of *sqs.Client the poller uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Delivery is one received callback.
type Delivery struct {
	MessageID    string
	ReceiveCount string
	Callback     domain.PartnerCallback
}

// CallbackFunc handles one callback type.
type CallbackFunc func(ctx context.Context, d Delivery) error

type Poller struct {
	client   SQSAPI
	queueURL string
	routes   map[string]CallbackFunc
	log      *slog.Logger

	stop chan struct{}
	wg   sync.WaitGroup
}

func NewPoller(client SQSAPI, queueURL string, routes map[string]CallbackFunc, log *slog.Logger) *Poller {
	return &Poller{client: client, queueURL: queueURL, routes: routes, log: log, stop: make(chan struct{})}
}

func (p *Poller) Start(context.Context) error {
	p.wg.Add(1)
	go p.loop()
	return nil
}

func (p *Poller) Stop(context.Context) error {
	close(p.stop)
	p.wg.Wait()
	return nil
}

func (p *Poller) loop() {
	defer p.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-p.stop; cancel() }()

	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(p.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           60,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				p.log.Error("sqs receive", "err", err)
				time.Sleep(2 * time.Second)
			}
			continue
		}
		for _, m := range out.Messages {
			p.handle(ctx, m)
		}
	}
}

func (p *Poller) handle(ctx context.Context, m types.Message) {
	var cb domain.PartnerCallback
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &cb); err != nil {
		p.log.Error("undecodable partner callback", "message_id", aws.ToString(m.MessageId), "err", err)
		return // left for the DLQ
	}
	fn, ok := p.routes[cb.Type]
	if !ok {
		p.log.Warn("no route for partner callback", "type", cb.Type)
		p.delete(ctx, m)
		return
	}

	hctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	err := fn(hctx, Delivery{
		MessageID:    aws.ToString(m.MessageId),
		ReceiveCount: m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)],
		Callback:     cb,
	})
	if err != nil {
		p.log.Error("partner callback failed", "type", cb.Type, "partner_order_id", cb.PartnerOrderID, "err", err)
		return
	}
	p.delete(ctx, m)
}

func (p *Poller) delete(ctx context.Context, m types.Message) {
	if _, err := p.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(p.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		p.log.Warn("sqs delete", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}
