// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp v0.7.8 for analysistest.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

type ReaderFunc func() (io.Reader, error)

type ResponseHandlerFunc func(*http.Response) error

type LenReader interface {
	Len() int
}

// Request embeds *http.Request (so Header, Method, URL... are promoted).
type Request struct {
	body            ReaderFunc
	responseHandler ResponseHandlerFunc
	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request {
	return &Request{body: r.body, responseHandler: r.responseHandler, Request: r.Request.WithContext(ctx)}
}
func (r *Request) SetResponseHandler(fn ResponseHandlerFunc) { r.responseHandler = fn }
func (r *Request) BodyBytes() ([]byte, error)                { return nil, nil }
func (r *Request) SetBody(rawBody interface{}) error         { return nil }
func (r *Request) WriteTo(w io.Writer) (int64, error)        { return 0, nil }

func FromRequest(r *http.Request) (*Request, error) { return &Request{Request: r}, nil }
func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, rawBody)
}
func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	httpReq, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return &Request{Request: httpReq}, nil
}

type Logger interface {
	Printf(string, ...interface{})
}

type LeveledLogger interface {
	Error(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Debug(msg string, keysAndValues ...interface{})
	Warn(msg string, keysAndValues ...interface{})
}

type RequestLogHook func(Logger, *http.Request, int)
type ResponseLogHook func(Logger, *http.Response)
type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)
type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration
type ErrorHandler func(resp *http.Response, err error, numTries int) (*http.Response, error)
type PrepareRetry func(req *http.Request) error

type Client struct {
	HTTPClient *http.Client
	Logger     interface{}

	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	RetryMax     int

	RequestLogHook  RequestLogHook
	ResponseLogHook ResponseLogHook
	CheckRetry      CheckRetry
	Backoff         Backoff
	ErrorHandler    ErrorHandler
	PrepareRetry    PrepareRetry

	loggerInit sync.Once
	clientInit sync.Once
}

func NewClient() *Client {
	return &Client{
		HTTPClient:   &http.Client{},
		RetryWaitMin: 1 * time.Second,
		RetryWaitMax: 30 * time.Second,
		RetryMax:     4,
		CheckRetry:   DefaultRetryPolicy,
		Backoff:      DefaultBackoff,
	}
}

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}
func ErrorPropagatedRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}
func DefaultBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}
func LinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}
func RateLimitLinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}
func PassthroughErrorHandler(resp *http.Response, err error, _ int) (*http.Response, error) {
	return resp, err
}

func (c *Client) Do(req *Request) (*http.Response, error) { return nil, nil }

func Get(url string) (*http.Response, error)                              { return nil, nil }
func (c *Client) Get(url string) (*http.Response, error)                  { return nil, nil }
func Head(url string) (*http.Response, error)                             { return nil, nil }
func (c *Client) Head(url string) (*http.Response, error)                 { return nil, nil }
func Post(url, bodyType string, body interface{}) (*http.Response, error) { return nil, nil }
func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}
func PostForm(url string, data url.Values) (*http.Response, error)             { return nil, nil }
func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }
func (c *Client) StandardClient() *http.Client {
	return &http.Client{Transport: &RoundTripper{Client: c}}
}
