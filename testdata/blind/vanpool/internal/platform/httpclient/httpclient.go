// Package httpclient builds the go-retryablehttp clients used by every
// outbound provider.
package httpclient

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Options tune a provider client.
type Options struct {
	Name     string
	Timeout  time.Duration
	RetryMax int
	// RetryPolicy overrides the default retry decision when set.
	RetryPolicy retryablehttp.CheckRetry
}

// New returns a retrying client with structured logging and sane backoff.
func New(log *slog.Logger, opts Options) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = opts.Timeout
	c.RetryMax = opts.RetryMax
	c.RetryWaitMin = 200 * time.Millisecond
	c.RetryWaitMax = 3 * time.Second
	c.Logger = slogAdapter{log: log.With("provider", opts.Name)}
	if opts.RetryPolicy != nil {
		c.CheckRetry = opts.RetryPolicy
	}
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return c
}

// ConnectionErrorsOnly retries only when no response came back at all and the
// request could not have reached the server's handler (dial failures).
func ConnectionErrorsOnly(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil && resp == nil {
		return isDialError(err), nil
	}
	return false, nil
}

type slogAdapter struct{ log *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.log.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.log.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.log.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.log.Warn(msg, kv...) }
