// Package lambdamw holds the decorators shared by the programme's Lambda
// functions: logging, panic recovery and idempotency-key handling for API
// Gateway requests and SQS records.
package lambdamw

import "context"

// Handler is a typed Lambda handler.
type Handler[E, R any] func(ctx context.Context, event E) (R, error)

// Middleware decorates a Handler.
type Middleware[E, R any] func(Handler[E, R]) Handler[E, R]

// Chain applies mws so that the first one is the outermost.
func Chain[E, R any](h Handler[E, R], mws ...Middleware[E, R]) Handler[E, R] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// RecordHandler processes a single queue record.
type RecordHandler[M any] func(ctx context.Context, msg M) error

// RecordMiddleware decorates a RecordHandler.
type RecordMiddleware[M any] func(RecordHandler[M]) RecordHandler[M]

// ChainRecord applies mws so that the first one is the outermost.
func ChainRecord[M any](h RecordHandler[M], mws ...RecordMiddleware[M]) RecordHandler[M] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}
