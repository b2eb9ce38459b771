package carrier

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithHTTPClient replaces the underlying transport client.
func WithHTTPClient(hc *http.Client) ClientOption {
	return func(c *Client) { c.http.HTTPClient = hc }
}

// WithRetryMax sets how many times a failed request is retried by the
// transport before an error is returned.
func WithRetryMax(n int) ClientOption {
	return func(c *Client) { c.http.RetryMax = n }
}

// WithRetryWait bounds the transport's backoff between attempts.
func WithRetryWait(min, max time.Duration) ClientOption {
	return func(c *Client) {
		c.http.RetryWaitMin = min
		c.http.RetryWaitMax = max
	}
}

// WithUserAgent sets the User-Agent sent on every request.
func WithUserAgent(ua string) ClientOption {
	return func(c *Client) { c.userAgent = ua }
}

// RequestOption adjusts a single API call.
type RequestOption func(*requestConfig)

type requestConfig struct {
	idempotencyKey string
	requestID      string
	timeout        time.Duration
	headers        http.Header
}

// WithIdempotencyKey sets the Idempotency-Key header. ShipBridge stores the
// response for a key for 48h and replays it for any request with the same
// key, so a retried booking returns the original label.
func WithIdempotencyKey(key string) RequestOption {
	return func(rc *requestConfig) { rc.idempotencyKey = key }
}

// WithRequestID sets X-Request-ID, which ShipBridge echoes in its logs and
// support tooling. It has no effect on deduplication.
func WithRequestID(id string) RequestOption {
	return func(rc *requestConfig) { rc.requestID = id }
}

// WithTimeout bounds a single call, including transport retries.
func WithTimeout(d time.Duration) RequestOption {
	return func(rc *requestConfig) { rc.timeout = d }
}

// WithHeader adds an arbitrary header.
func WithHeader(k, v string) RequestOption {
	return func(rc *requestConfig) {
		if rc.headers == nil {
			rc.headers = http.Header{}
		}
		rc.headers.Add(k, v)
	}
}

func newRetryable() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 200 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.Logger = nil
	return rc
}
