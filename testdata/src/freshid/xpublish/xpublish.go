// Package xpublish builds the messages other packages publish: the
// message ID it is given is the ID JetStream deduplicates the published
// message on, though it publishes nothing and makes no identifier
// itself.
package xpublish

import "github.com/nats-io/nats.go"

// NewMessage returns a message for subject, and the publish options
// that give it the ID.
func NewMessage(id, subject string, body []byte) (*nats.Msg, []nats.PubOpt) {
	return &nats.Msg{Subject: subject, Data: body}, []nats.PubOpt{nats.MsgId(id)}
}
