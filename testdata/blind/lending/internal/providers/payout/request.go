package payout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// Request builds and sends one call to the payout partner.
type Request struct {
	c       *Client
	method  string
	path    string
	body    any
	headers http.Header
	retry   bool
}

// NewRequest starts building a request. Requests are retried on transport
// errors and 5xx responses unless NoRetry is called.
func (c *Client) NewRequest(method, path string) *Request {
	return &Request{c: c, method: method, path: path, headers: http.Header{}, retry: true}
}

func (r *Request) JSON(v any) *Request {
	r.body = v
	return r
}

func (r *Request) Header(k, v string) *Request {
	r.headers.Set(k, v)
	return r
}

func (r *Request) NoRetry() *Request {
	r.retry = false
	return r
}

// Do sends the request and decodes a 2xx body into out.
func (r *Request) Do(ctx context.Context, out any) error {
	var payload []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return err
		}
		payload = b
	}
	op := func() error {
		return r.once(ctx, payload, out)
	}
	if !r.retry {
		return op()
	}
	b := backoff.WithContext(backoff.WithMaxRetries(r.c.newBackoff(), r.c.maxRetries), ctx)
	return backoff.Retry(op, b)
}

func (r *Request) once(ctx context.Context, payload []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, r.method, r.c.baseURL+r.path, bytes.NewReader(payload))
	if err != nil {
		return backoff.Permanent(err)
	}
	req.Header.Set("Authorization", "Bearer "+r.c.token)
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range r.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := r.c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return fmt.Errorf("payout partner: %s %s: %d", r.method, r.path, resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		var pe PartnerError
		_ = json.Unmarshal(raw, &pe)
		pe.Status = resp.StatusCode
		return backoff.Permanent(&pe)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

type PartnerError struct {
	Status int    `json:"-"`
	Code   string `json:"error_code"`
	Detail string `json:"error_detail"`
}

func (e *PartnerError) Error() string {
	return fmt.Sprintf("payout partner: %d %s: %s", e.Status, e.Code, e.Detail)
}
