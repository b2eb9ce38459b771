// Package payments is the client for the card processor's REST API.
//
// The processor stores the response of every POST that carries an
// Idempotency-Key header for 24 hours and replays it for a repeat of the
// same key, so a request sent twice with one key has one effect.
package payments

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

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	ua      string
}

type ClientOption func(*Client)

func WithHTTPClient(h *http.Client) ClientOption { return func(c *Client) { c.http = h } }
func WithUserAgent(ua string) ClientOption       { return func(c *Client) { c.ua = ua } }

func NewClient(baseURL, apiKey string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    &http.Client{Timeout: 20 * time.Second},
		ua:      "freshpress-laundry/1",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption adjusts a single request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	metadata       map[string]string
}

// WithIdempotencyKey sets the Idempotency-Key header of the request.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithMetadata attaches searchable metadata to the created object.
func WithMetadata(kv map[string]string) CallOption {
	return func(c *callConfig) { c.metadata = kv }
}

type Error struct {
	Status      int    `json:"-"`
	Code        string `json:"code"`
	Message     string `json:"message"`
	DeclineCode string `json:"decline_code,omitempty"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("processor: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the same request may succeed later.
func (e *Error) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) post(ctx context.Context, path string, body any, out any, opts []CallOption) error {
	cfg := callConfig{}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.metadata != nil {
		if m, ok := body.(interface{ setMetadata(map[string]string) }); ok {
			m.setMetadata(cfg.metadata)
		}
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.ua)
	if cfg.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", cfg.idempotencyKey)
	}
	return c.do(req, out)
}

func (c *Client) get(ctx context.Context, path string, q url.Values, out any) error {
	u := c.baseURL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.ua)
	return c.do(req, out)
}

func (c *Client) do(req *http.Request, out any) error {
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		perr := &Error{Status: resp.StatusCode}
		var envelope struct {
			Error *Error `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil && envelope.Error != nil {
			perr.Code = envelope.Error.Code
			perr.Message = envelope.Error.Message
			perr.DeclineCode = envelope.Error.DeclineCode
		} else {
			perr.Message = strings.TrimSpace(string(raw))
		}
		return perr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}
