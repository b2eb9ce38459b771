// Package xconsumer adapts services' methods to the batch handler.
package xconsumer

import (
	"context"

	"github.com/aws/aws-lambda-go/events"

	"retried/xbatch"
	"retried/xbilling"
)

// Body adapts a func of the body alone.
func Body[T any](fn func(context.Context, T) error) xbatch.Handler[T] {
	return wrapped(func(ctx context.Context, m xbatch.Message[T]) error {
		return fn(ctx, m.Body)
	})
}

func wrapped[T any](h xbatch.Handler[T]) xbatch.Handler[T] {
	return func(ctx context.Context, m xbatch.Message[T]) error { return h(ctx, m) }
}

// Billing handles the billing queue's messages.
func Billing(s *xbilling.Service) xbatch.Handler[xbilling.Usage] {
	return Body(s.Record)
}

// Sweep returns a scheduled Lambda handler: a literal of the handler's
// shape, a root of this package, which reports what it reaches.
func Sweep(s *xbilling.Service) func(context.Context, events.CloudWatchEvent) error {
	return func(ctx context.Context, ev events.CloudWatchEvent) error { // want `root: Lambda EventBridge handler func literal in Sweep`
		return s.Audit(ctx, xbilling.Usage{})
	}
}

// Once runs h, one run at a time.
func Once(h func(context.Context, events.CloudWatchEvent) error) func(context.Context, events.CloudWatchEvent) error {
	return func(ctx context.Context, ev events.CloudWatchEvent) error { // want `root: Lambda EventBridge handler func literal in Once`
		return h(ctx, ev)
	}
}
