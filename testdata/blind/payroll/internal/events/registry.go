package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
)

type registration struct {
	name  string
	topic string
	fn    message.NoPublishHandlerFunc
}

// Registry collects typed event handlers and mounts them on a router.
type Registry struct {
	regs []registration
}

func NewRegistry() *Registry { return &Registry{} }

// Handle registers fn for topic. The payload is decoded into T before fn runs;
// payloads that do not decode are dropped, since retrying them cannot help.
func Handle[T any](r *Registry, name, topic string, fn func(ctx context.Context, evt T, msg *message.Message) error) {
	r.regs = append(r.regs, registration{
		name:  name,
		topic: topic,
		fn: func(msg *message.Message) error {
			var evt T
			if err := json.Unmarshal(msg.Payload, &evt); err != nil {
				return nil
			}
			if err := fn(msg.Context(), evt, msg); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		},
	})
}

// Mount adds every registered handler to router, consuming from sub.
func (r *Registry) Mount(router *message.Router, sub message.Subscriber) {
	for _, reg := range r.regs {
		router.AddConsumerHandler(reg.name, reg.topic, sub, reg.fn)
	}
}
