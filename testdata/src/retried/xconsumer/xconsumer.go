// Package xconsumer adapts services' methods to the batch handler.
package xconsumer

import (
	"context"

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
