// Package httpclient builds the *http.Client shared by every outbound
// provider integration (card processor, payouts, contractor network, pager,
// locksmith, mail). It owns timeouts, the retrying transport and the JSON
// request/response plumbing so provider packages only describe their API.
package httpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// Options configures a client built by New.
type Options struct {
	Timeout     time.Duration
	MaxRetries  int
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	UserAgent   string
	Base        http.RoundTripper
}

// Option mutates Options.
type Option func(*Options)

// WithTimeout sets the overall per-call timeout, retries included.
func WithTimeout(d time.Duration) Option { return func(o *Options) { o.Timeout = d } }

// WithRetries sets how many times a replayable request is re-sent.
func WithRetries(n int) Option { return func(o *Options) { o.MaxRetries = n } }

// WithBackoff sets the exponential backoff bounds.
func WithBackoff(base, max time.Duration) Option {
	return func(o *Options) { o.BaseBackoff, o.MaxBackoff = base, max }
}

// WithUserAgent sets the User-Agent header on every request.
func WithUserAgent(ua string) Option { return func(o *Options) { o.UserAgent = ua } }

// WithBaseTransport replaces http.DefaultTransport underneath the retry layer.
func WithBaseTransport(rt http.RoundTripper) Option { return func(o *Options) { o.Base = rt } }

// New returns an *http.Client whose transport retries replayable requests
// on connection errors, 429 and 5xx responses.
func New(opts ...Option) *http.Client {
	o := Options{
		Timeout:     20 * time.Second,
		MaxRetries:  3,
		BaseBackoff: 200 * time.Millisecond,
		MaxBackoff:  3 * time.Second,
		UserAgent:   "quadhall-housing/1.0",
		Base:        http.DefaultTransport,
	}
	for _, opt := range opts {
		opt(&o)
	}
	return &http.Client{
		Timeout: o.Timeout,
		Transport: &retryTransport{
			next:       &uaTransport{next: o.Base, ua: o.UserAgent},
			maxRetries: o.MaxRetries,
			base:       o.BaseBackoff,
			max:        o.MaxBackoff,
		},
	}
}

type uaTransport struct {
	next http.RoundTripper
	ua   string
}

func (t *uaTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("User-Agent") == "" {
		req = req.Clone(req.Context())
		req.Header.Set("User-Agent", t.ua)
	}
	return t.next.RoundTrip(req)
}

// APIError is returned by DoJSON for non-2xx responses.
type APIError struct {
	Provider   string
	StatusCode int
	Body       string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.StatusCode, e.Body)
}

// Temporary reports whether the failure is worth retrying at a higher level.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// IsStatus reports whether err is an APIError with the given status.
func IsStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// Request describes one JSON call.
type Request struct {
	Provider string
	Method   string
	URL      string
	Header   http.Header
	Body     any
}

// DoJSON sends r with a JSON body (if any) and decodes a JSON response into
// out (if non-nil).
func DoJSON(ctx context.Context, c *http.Client, r Request, out any) error {
	var body io.Reader
	var raw []byte
	if r.Body != nil {
		var err error
		raw, err = json.Marshal(r.Body)
		if err != nil {
			return fmt.Errorf("%s: encode request: %w", r.Provider, err)
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return fmt.Errorf("%s: build request: %w", r.Provider, err)
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", r.Provider, r.Method, r.URL, err)
	}
	defer resp.Body.Close()

	payload, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read response: %w", r.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &APIError{Provider: r.Provider, StatusCode: resp.StatusCode, Body: string(payload)}
	}
	if out == nil || len(payload) == 0 {
		return nil
	}
	if err := json.Unmarshal(payload, out); err != nil {
		return fmt.Errorf("%s: decode response: %w", r.Provider, err)
	}
	return nil
}

type replayableKey struct{}

// Replayable marks requests made with ctx as safe to re-send even though
// their method is not idempotent, because the provider deduplicates on a
// field in the body.
func Replayable(ctx context.Context) context.Context {
	return context.WithValue(ctx, replayableKey{}, true)
}

// retryTransport re-sends requests that are safe to repeat. A POST is only
// repeated when it carries an Idempotency-Key header or was marked with
// Replayable; anything else gets exactly one attempt.
type retryTransport struct {
	next       http.RoundTripper
	maxRetries int
	base       time.Duration
	max        time.Duration
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !canReplay(req) || t.maxRetries == 0 {
		return t.next.RoundTrip(req)
	}
	if req.Body != nil && req.GetBody == nil {
		return t.next.RoundTrip(req)
	}

	var (
		resp *http.Response
		err  error
	)
	for attempt := 0; ; attempt++ {
		r := req
		if attempt > 0 && req.GetBody != nil {
			body, gerr := req.GetBody()
			if gerr != nil {
				return nil, gerr
			}
			r = req.Clone(req.Context())
			r.Body = body
		}
		resp, err = t.next.RoundTrip(r)
		if attempt >= t.maxRetries || !shouldRetry(resp, err) {
			return resp, err
		}
		wait := t.backoff(attempt, resp)
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(wait):
		}
	}
}

func canReplay(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete:
		return true
	}
	if req.Header.Get("Idempotency-Key") != "" {
		return true
	}
	v, _ := req.Context().Value(replayableKey{}).(bool)
	return v
}

func shouldRetry(resp *http.Response, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}

func (t *retryTransport) backoff(attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if s := resp.Header.Get("Retry-After"); s != "" {
			if secs, err := strconv.Atoi(s); err == nil && secs >= 0 {
				return min(time.Duration(secs)*time.Second, t.max)
			}
		}
	}
	d := t.base << attempt
	if d > t.max || d <= 0 {
		d = t.max
	}
	// full jitter
	return time.Duration(rand.Int64N(int64(d) + 1))
}
