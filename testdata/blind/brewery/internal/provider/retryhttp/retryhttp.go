// Package retryhttp builds the go-retryablehttp clients used for partner
// integrations that tolerate transport-level retries.
package retryhttp

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Options tunes a client.
type Options struct {
	Name       string
	MaxRetries int
	WaitMin    time.Duration
	WaitMax    time.Duration
	Timeout    time.Duration
}

// New returns a retryablehttp client with structured logging and a retry
// policy that also retries 429 responses.
func New(o Options) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = o.MaxRetries
	if o.WaitMin > 0 {
		c.RetryWaitMin = o.WaitMin
	}
	if o.WaitMax > 0 {
		c.RetryWaitMax = o.WaitMax
	}
	if o.Timeout > 0 {
		c.HTTPClient.Timeout = o.Timeout
	}
	c.Logger = leveled{log: slog.Default().With("client", o.Name)}
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			return true, nil
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return c
}

type leveled struct{ log *slog.Logger }

func (l leveled) Error(msg string, kv ...any) { l.log.Error(msg, kv...) }
func (l leveled) Info(msg string, kv ...any)  { l.log.Debug(msg, kv...) }
func (l leveled) Debug(msg string, kv ...any) { l.log.Debug(msg, kv...) }
func (l leveled) Warn(msg string, kv ...any)  { l.log.Warn(msg, kv...) }
