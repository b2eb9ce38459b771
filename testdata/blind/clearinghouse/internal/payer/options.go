// Package payer is the HTTP client for the payer connectivity gateway that
// fronts every payer's X12 endpoints. The gateway honours an
// Idempotency-Key header: a repeated request with the same key within 24h
// returns the original response instead of re-transmitting to the payer.
package payer

import "time"

// CallOption customises a single gateway call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	timeout        time.Duration
	traceID        string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithTimeout bounds the call duration, overriding the client default.
func WithTimeout(d time.Duration) CallOption {
	return func(o *callOptions) { o.timeout = d }
}

// WithTraceID propagates a correlation id to the gateway logs.
func WithTraceID(id string) CallOption {
	return func(o *callOptions) { o.traceID = id }
}

func collect(def time.Duration, opts []CallOption) callOptions {
	o := callOptions{timeout: def}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}
