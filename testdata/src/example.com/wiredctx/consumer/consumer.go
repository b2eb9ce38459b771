// Package consumer ships the orders a topic announces.
package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/segmentio/kafka-go"

	"example.com/wiredctx/failures"
	"example.com/wiredctx/ledger"
)

// Shipper ships orders.
type Shipper interface {
	Ship(ctx context.Context, order string) error
}

// Consumer reads the topic.
type Consumer struct{ Orders Shipper }

// Run ships each message's order, and commits it.
func (c *Consumer) Run(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.Orders.Ship(ctx, string(m.Key)); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}

// Recorder records payment failures.
type Recorder interface {
	Record(ctx context.Context, ev failures.Event) error
	RecordDefault(ctx context.Context, ev failures.Event) error
}

// Failures reads the failures topic.
type Failures struct {
	Recorder Recorder
	// Default is the event a message without a body stands for.
	Default []byte
}

// Run decodes each message in a helper.
func (f *Failures) Run(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := f.dispatch(ctx, m); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}

// dispatch decodes the message's body, or the consumer's own default
// event for a message without one.
func (f *Failures) dispatch(ctx context.Context, m kafka.Message) error {
	if len(m.Value) == 0 {
		var ev failures.Event
		if err := json.Unmarshal(f.Default, &ev); err != nil {
			return err
		}
		return f.Recorder.RecordDefault(ctx, ev)
	}
	var ev failures.Event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return err
	}
	return f.Recorder.Record(ctx, ev)
}

// Adder adds ledger entries.
type Adder interface {
	Add(ctx context.Context, en *ledger.Entry) error
}

// Ledger reads the ledger topic.
type Ledger struct{ Entries Adder }

// Run adds an entry per message, under the message's position.
func (l *Ledger) Run(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := l.Entries.Add(ctx, &ledger.Entry{ID: fmt.Sprintf("%s/%d/%d", m.Topic, m.Partition, m.Offset), Amount: 1}); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}

// Restocker restocks orders.
type Restocker interface {
	Restock(ctx context.Context, order string) error
	RestockLine(ctx context.Context, order string) error
}

// Queue reads the restock queue.
type Queue struct {
	Orders Restocker
	SQS    *sqs.Client
}

// Run handles each message of a receive, and deletes it.
func (q *Queue) Run(ctx context.Context) {
	for {
		out, err := q.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			if q.handle(ctx, m) == nil {
				q.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{ReceiptHandle: m.ReceiptHandle})
			}
		}
	}
}

// handle restocks the message's order, and each line its attributes
// name: one key would name every line.
func (q *Queue) handle(ctx context.Context, m types.Message) error {
	if err := q.Orders.Restock(ctx, *m.Body); err != nil {
		return err
	}
	for line := range m.Attributes {
		if err := q.Orders.RestockLine(ctx, line); err != nil {
			return err
		}
	}
	return nil
}
