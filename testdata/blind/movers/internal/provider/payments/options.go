package payments

import (
	"net/http"
	"time"
)

// Option configures a Client.
type Option func(*client)

func WithBaseURL(u string) Option { return func(c *client) { c.baseURL = u } }

func WithHTTPClient(h *http.Client) Option { return func(c *client) { c.http = h } }

func WithTimeout(d time.Duration) Option {
	return func(c *client) { c.timeout = d }
}

func WithUserAgent(ua string) Option { return func(c *client) { c.userAgent = ua } }

func WithAccount(acct string) Option { return func(c *client) { c.account = acct } }

// CallOption configures a single request.
type CallOption func(*callSettings)

type callSettings struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header. The partner stores the
// first response for a key for 24 hours and replays it for later requests
// with the same key.
func WithIdempotencyKey(key string) CallOption {
	return func(s *callSettings) { s.idempotencyKey = key }
}

func WithMetadata(k, v string) CallOption {
	return func(s *callSettings) {
		if s.metadata == nil {
			s.metadata = map[string]string{}
		}
		s.metadata[k] = v
	}
}
