package payments

import "strings"

// callOptions collects per-call settings for a gateway request.
type callOptions struct {
	idempotencyKey string
	metadata       map[string]string
	description    string
	onBehalfOf     string
}

// Option adjusts a single gateway call.
type Option func(*callOptions)

// WithIdempotencyKey sets the provider's idempotency key for the call.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithMetadata attaches a metadata pair to the created object.
func WithMetadata(k, v string) Option {
	return func(o *callOptions) {
		if o.metadata == nil {
			o.metadata = make(map[string]string, 4)
		}
		o.metadata[k] = v
	}
}

// WithDescription sets the statement/dashboard description.
func WithDescription(d string) Option {
	return func(o *callOptions) { o.description = d }
}

// OnBehalfOf issues the call against a connected account.
func OnBehalfOf(accountID string) Option {
	return func(o *callOptions) { o.onBehalfOf = accountID }
}

func collect(opts []Option) callOptions {
	var o callOptions
	for _, fn := range opts {
		if fn != nil {
			fn(&o)
		}
	}
	return o
}

// Key joins parts into an idempotency key: Key("refund", id) => "refund:id".
func Key(parts ...string) string {
	return strings.Join(parts, ":")
}
