package bureau

import (
	"net/http"
	"time"

	"go.uber.org/zap"
)

// Option configures a Client.
type Option func(*Client)

func WithBaseURL(u string) Option {
	return func(c *Client) { c.baseURL = u }
}

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.http = hc }
}

// WithRetry sets how many times a request is attempted and the initial delay
// between attempts.
func WithRetry(attempts uint, delay time.Duration) Option {
	return func(c *Client) {
		c.attempts = attempts
		c.delay = delay
	}
}

func WithLogger(l *zap.Logger) Option {
	return func(c *Client) { c.log = l }
}

// CallOption configures a single API call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	callbackURL    string
}

// WithIdempotencyKey makes the bureau return the original report for repeated
// requests carrying the same key (24h window) instead of running, and
// billing, a new pull.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithCallback asks the bureau to deliver the decision asynchronously to url.
func WithCallback(url string) CallOption {
	return func(o *callOptions) { o.callbackURL = url }
}
