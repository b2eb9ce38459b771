// Package xsend sends the requests its callers describe: the method,
// the address and the headers are theirs.
package xsend

import (
	"context"
	"net/http"
)

// Request describes one request.
type Request struct {
	Method string
	URL    string
	Header http.Header
}

// Do builds the request, copies the caller's headers onto it and sends
// it.
func Do(ctx context.Context, c *http.Client, r Request) error {
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
	if err != nil {
		return err
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DoRetried builds and sends the request in the operation it retries.
func DoRetried(ctx context.Context, c *http.Client, r Request) error {
	op := func() error {
		req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
		if err != nil {
			return err
		}
		for k, vs := range r.Header {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}
