// Package reports is an in-process bus that the nightly command
// publishes to: nothing retried runs it.
package reports

import "context"

// Bus maps report names to subscribers.
type Bus struct {
	subs map[string]func(ctx context.Context, period string) error
}

// NewBus returns an empty bus.
func NewBus() *Bus {
	return &Bus{subs: map[string]func(ctx context.Context, period string) error{}}
}

// Subscribe adds a subscriber for name.
func (b *Bus) Subscribe(name string, fn func(ctx context.Context, period string) error) {
	b.subs[name] = fn
}

// Publish runs name's subscriber.
func (b *Bus) Publish(ctx context.Context, name, period string) error {
	fn, ok := b.subs[name]
	if !ok {
		return nil
	}
	return fn(ctx, period)
}
