package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"gocloud.dev/pubsub"
)

// Publisher sends messages to topics opened lazily by URL.
type Publisher struct {
	prefix string

	mu     sync.Mutex
	topics map[string]*pubsub.Topic
}

// NewPublisher returns a Publisher that opens prefix+topic URLs
// (e.g. "mem://" + "invoice.approved").
func NewPublisher(prefix string) *Publisher {
	return &Publisher{prefix: prefix, topics: map[string]*pubsub.Topic{}}
}

func (p *Publisher) topic(ctx context.Context, name string) (*pubsub.Topic, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t, ok := p.topics[name]; ok {
		return t, nil
	}
	t, err := pubsub.OpenTopic(ctx, p.prefix+name)
	if err != nil {
		return nil, fmt.Errorf("queue: open topic %s: %w", name, err)
	}
	p.topics[name] = t
	return t, nil
}

// Publish sends body to topic with messageID as the stable message ID.
func (p *Publisher) Publish(ctx context.Context, topic, messageID string, body []byte, meta map[string]string) error {
	t, err := p.topic(ctx, topic)
	if err != nil {
		return err
	}
	md := make(map[string]string, len(meta)+1)
	for k, v := range meta {
		md[k] = v
	}
	md[MessageIDKey] = messageID
	return t.Send(ctx, &pubsub.Message{Body: body, Metadata: md})
}

// Close shuts down every opened topic.
func (p *Publisher) Close(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for name, t := range p.topics {
		if err := t.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}
