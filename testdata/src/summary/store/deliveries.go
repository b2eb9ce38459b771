package store

import (
	"context"

	"github.com/hibiken/asynq"
	amqp "github.com/rabbitmq/amqp091-go"
)

// Delivery is what the package hands its handlers of a message: its ID
// field holds the message's own ID, and nothing else.
type Delivery struct { // want Delivery:`^keyfield\(MessageID\)$`
	MessageID string
	Body      []byte
}

func deliver(m amqp.Delivery, h func(Delivery)) {
	h(Delivery{MessageID: m.MessageId, Body: m.Body})
}

// Envelope's reference is the message's ID in one place and a constant
// in another: not the delivery's key.
type Envelope struct{ Ref string }

func wrap(m amqp.Delivery) Envelope { return Envelope{Ref: m.MessageId} }

func blank() Envelope { return Envelope{Ref: "none"} }

// Pair holds the message's ID twice: which one a handler is keyed by
// the code does not say.
type Pair struct{ A, B string }

func pair(m amqp.Delivery) Pair {
	p := Pair{A: m.MessageId}
	p.B = m.MessageId
	return p
}

// Task is a generic adapter's delivery: every instance holds the task's
// ID, which the adapter reads from the context.
type Task[T any] struct { // want Task:`^keyfield\(TaskID\)$`
	TaskID  string
	Payload T
}

func adapt[T any](ctx context.Context, p T) Task[T] {
	id, _ := asynq.GetTaskID(ctx)
	return Task[T]{TaskID: id, Payload: p}
}

// Job's ID is the task's ID or, where there is none, a constant: not
// the delivery's key.
type Job struct{ ID string }

func job(ctx context.Context) Job {
	id, _ := asynq.GetTaskID(ctx)
	if id == "" {
		id = "none"
	}
	return Job{ID: id}
}
