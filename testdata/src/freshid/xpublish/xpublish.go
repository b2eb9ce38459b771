// Package xpublish builds the messages other packages publish: the
// message ID it is given is the published message's identity, though it
// publishes nothing and makes no identifier itself.
package xpublish

import amqp "github.com/rabbitmq/amqp091-go"

// NewMessage returns a persistent message with the given ID.
func NewMessage(id string, body []byte) amqp.Publishing {
	return amqp.Publishing{MessageId: id, DeliveryMode: 2, Body: body}
}
