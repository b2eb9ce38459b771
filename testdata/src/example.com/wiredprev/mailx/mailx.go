// Package mailx holds the pieces the program's HTTP clients share: a
// request maker and a sender of the requests it is given.
package mailx

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
)

// Doer is what sends requests: an *http.Client, or a test's double.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// NewJSON makes a request with body encoded as JSON.
func NewJSON(ctx context.Context, method, url string, body any) (*http.Request, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// NewJSONAt makes a request to the path under base, with body encoded
// as JSON.
func NewJSONAt(ctx context.Context, method, base, path string, body any) (*http.Request, error) {
	u, err := url.JoinPath(base, path)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return http.NewRequestWithContext(ctx, method, u, bytes.NewReader(b))
}

// Base makes the requests of one provider, under its address.
type Base struct{ URL string }

// NewJSON makes a request to the path under the base's address, with
// body encoded as JSON.
func (b Base) NewJSON(ctx context.Context, method, path string, body any) (*http.Request, error) {
	u, err := url.JoinPath(b.URL, path)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return http.NewRequestWithContext(ctx, method, u, bytes.NewReader(data))
}

// SendWith sends req with c and closes the response.
func SendWith(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Send sends req and closes the response.
func Send(d Doer, req *http.Request) error {
	resp, err := d.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
