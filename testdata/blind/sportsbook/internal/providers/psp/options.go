package psp

// CallOption customises a single PSP call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	requestID      string
}

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithRequestID sets the X-Request-Id header used for tracing on the PSP side.
func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

func collect(opts []CallOption) callOptions {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	return co
}
