// Package pubsubx is a thin wrapper over the Pub/Sub publisher that keeps one
// publisher per topic and applies the attribute conventions our consumers
// expect.
package pubsubx

import (
	"context"
	"fmt"
	"sync"

	"cloud.google.com/go/pubsub/v2"
)

// Attribute names every message carries.
const (
	AttrEventID   = "event_id"
	AttrEventType = "event_type"
	AttrSource    = "source"
)

// Message is the transport-neutral form handed to Publish.
type Message struct {
	Topic       string
	Data        []byte
	Attributes  map[string]string
	OrderingKey string
}

// Publisher publishes messages and waits for the server ack.
type Publisher interface {
	Publish(ctx context.Context, msg Message) (serverID string, err error)
}

type Client struct {
	client *pubsub.Client
	source string

	mu   sync.Mutex
	pubs map[string]*pubsub.Publisher
}

func New(client *pubsub.Client, source string) *Client {
	return &Client{client: client, source: source, pubs: make(map[string]*pubsub.Publisher)}
}

func (c *Client) publisher(topic string) *pubsub.Publisher {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.pubs[topic]; ok {
		return p
	}
	p := c.client.Publisher(topic)
	p.EnableMessageOrdering = true
	c.pubs[topic] = p
	return p
}

func (c *Client) Publish(ctx context.Context, msg Message) (string, error) {
	attrs := make(map[string]string, len(msg.Attributes)+1)
	for k, v := range msg.Attributes {
		attrs[k] = v
	}
	attrs[AttrSource] = c.source

	p := c.publisher(msg.Topic)
	res := p.Publish(ctx, &pubsub.Message{
		Data:        msg.Data,
		Attributes:  attrs,
		OrderingKey: msg.OrderingKey,
	})
	id, err := res.Get(ctx)
	if err != nil {
		if msg.OrderingKey != "" {
			// A failed publish pauses the ordering key; resume so the next
			// attempt is not rejected outright.
			p.ResumePublish(msg.OrderingKey)
		}
		return "", fmt.Errorf("publish to %s: %w", msg.Topic, err)
	}
	return id, nil
}

// Stop flushes and stops every topic publisher.
func (c *Client) Stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.pubs {
		p.Stop()
	}
}
