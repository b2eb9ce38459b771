// Package apiclient is the shared HTTP plumbing for outbound provider
// clients: request building, auth, JSON encoding and error decoding.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Authenticator func(r *http.Request)

func BearerToken(token string) Authenticator {
	return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
}

func APIKeyHeader(name, key string) Authenticator {
	return func(r *http.Request) { r.Header.Set(name, key) }
}

type Client struct {
	base      *url.URL
	http      *http.Client
	auth      Authenticator
	userAgent string
	name      string
}

type ClientOption func(*Client)

func WithHTTPClient(h *http.Client) ClientOption { return func(c *Client) { c.http = h } }
func WithAuth(a Authenticator) ClientOption      { return func(c *Client) { c.auth = a } }
func WithUserAgent(ua string) ClientOption       { return func(c *Client) { c.userAgent = ua } }

func New(name, baseURL string, timeout time.Duration, opts ...ClientOption) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("%s: base url: %w", name, err)
	}
	c := &Client{
		base:      u,
		http:      &http.Client{Timeout: timeout},
		userAgent: "northvault-custody/1.0",
		name:      name,
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Request is built with NewRequest and a list of RequestOptions and sent
// with Client.Do.
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   any
}

type RequestOption func(*Request)

func JSON(body any) RequestOption { return func(r *Request) { r.Body = body } }

func Header(k, v string) RequestOption {
	return func(r *Request) {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
}

func Query(k, v string) RequestOption {
	return func(r *Request) {
		if v != "" {
			r.Query.Set(k, v)
		}
	}
}

// IdempotencyKey sets the idempotency header expected by the provider. An
// empty key sets nothing.
func IdempotencyKey(key string) RequestOption { return Header("Idempotency-Key", key) }

func NewRequest(method, path string, opts ...RequestOption) *Request {
	r := &Request{Method: method, Path: path, Query: url.Values{}, Header: http.Header{}}
	for _, o := range opts {
		o(r)
	}
	return r
}

type Error struct {
	Provider   string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
	Body       []byte
}

func (e *Error) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("%s: http %d: %s: %s", e.Provider, e.StatusCode, e.Code, e.Message)
	}
	return fmt.Sprintf("%s: http %d", e.Provider, e.StatusCode)
}

func (c *Client) build(ctx context.Context, req *Request) (*http.Request, error) {
	u := *c.base
	u.Path = c.base.Path + req.Path
	u.RawQuery = req.Query.Encode()

	var body io.Reader
	if req.Body != nil {
		b, err := json.Marshal(req.Body)
		if err != nil {
			return nil, fmt.Errorf("%s: encode %s %s: %w", c.name, req.Method, req.Path, err)
		}
		body = bytes.NewReader(b)
		req.Header.Set("Content-Type", "application/json")
	}

	hr, err := http.NewRequestWithContext(ctx, req.Method, u.String(), body)
	if err != nil {
		return nil, err
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	hr.Header.Set("Accept", "application/json")
	hr.Header.Set("User-Agent", c.userAgent)
	if c.auth != nil {
		c.auth(hr)
	}
	return hr, nil
}

// Do sends the request and decodes a 2xx JSON response into out (which may
// be nil). Non-2xx responses are returned as *Error.
func (c *Client) Do(ctx context.Context, req *Request, out any) error {
	hr, err := c.build(ctx, req)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(hr)
	if err != nil {
		return fmt.Errorf("%s: %s %s: %w", c.name, req.Method, req.Path, err)
	}
	defer resp.Body.Close()

	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s: read body: %w", c.name, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &Error{Provider: c.name, StatusCode: resp.StatusCode, Body: b}
		_ = json.Unmarshal(b, apiErr)
		return apiErr
	}
	if out == nil || len(b) == 0 {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s: decode %s %s: %w", c.name, req.Method, req.Path, err)
	}
	return nil
}
