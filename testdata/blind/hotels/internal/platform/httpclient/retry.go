// Package httpclient builds the retrying HTTP clients used by provider
// integrations.
package httpclient

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Settings configures a retrying client.
type Settings struct {
	Timeout      time.Duration
	RetryMax     int
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	Logger       *slog.Logger
	CheckRetry   retryablehttp.CheckRetry
}

// Option adjusts Settings.
type Option func(*Settings)

// WithTimeout sets the per-attempt timeout.
func WithTimeout(d time.Duration) Option { return func(s *Settings) { s.Timeout = d } }

// WithRetries sets the retry budget.
func WithRetries(max int, minWait, maxWait time.Duration) Option {
	return func(s *Settings) {
		s.RetryMax, s.RetryWaitMin, s.RetryWaitMax = max, minWait, maxWait
	}
}

// WithLogger routes retry logs to l.
func WithLogger(l *slog.Logger) Option { return func(s *Settings) { s.Logger = l } }

// WithCheckRetry overrides the retry policy.
func WithCheckRetry(f retryablehttp.CheckRetry) Option { return func(s *Settings) { s.CheckRetry = f } }

// New returns a retryablehttp client.
func New(opts ...Option) *retryablehttp.Client {
	s := Settings{
		Timeout:      10 * time.Second,
		RetryMax:     3,
		RetryWaitMin: 200 * time.Millisecond,
		RetryWaitMax: 3 * time.Second,
		CheckRetry:   retryablehttp.DefaultRetryPolicy,
	}
	for _, o := range opts {
		o(&s)
	}
	c := retryablehttp.NewClient()
	c.HTTPClient = &http.Client{Timeout: s.Timeout}
	c.RetryMax = s.RetryMax
	c.RetryWaitMin = s.RetryWaitMin
	c.RetryWaitMax = s.RetryWaitMax
	c.CheckRetry = s.CheckRetry
	if s.Logger != nil {
		c.Logger = s.Logger
	} else {
		c.Logger = nil
	}
	return c
}

// NoRetryOn4xx retries connection errors and 5xx/429 only.
func NoRetryOn4xx(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
		return false, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}
