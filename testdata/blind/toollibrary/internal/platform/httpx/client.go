// Package httpx builds the retrying HTTP clients used by provider packages.
package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Options configures a provider client.
type Options struct {
	Name         string
	Timeout      time.Duration
	RetryMax     int
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	Logger       *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Timeout == 0 {
		o.Timeout = 10 * time.Second
	}
	if o.RetryMax == 0 {
		o.RetryMax = 3
	}
	if o.RetryWaitMin == 0 {
		o.RetryWaitMin = 200 * time.Millisecond
	}
	if o.RetryWaitMax == 0 {
		o.RetryWaitMax = 3 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// NewClient returns a retryablehttp client that retries connection errors,
// 429s and 5xx responses with jittered backoff.
func NewClient(o Options) *retryablehttp.Client {
	o = o.withDefaults()
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = o.Timeout
	c.RetryMax = o.RetryMax
	c.RetryWaitMin = o.RetryWaitMin
	c.RetryWaitMax = o.RetryWaitMax
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.Logger = nil
	log := o.Logger.With("provider", o.Name)
	c.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
		if attempt > 0 {
			log.Warn("provider request retry", "method", req.Method, "path", req.URL.Path, "attempt", attempt)
		}
	}
	c.ErrorHandler = retryablehttp.PassthroughErrorHandler
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil && resp.StatusCode == http.StatusConflict {
			return false, nil
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	return c
}
