package store

import amqp "github.com/rabbitmq/amqp091-go"

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
