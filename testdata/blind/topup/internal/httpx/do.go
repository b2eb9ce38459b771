// Package httpx has the small HTTP helpers shared by outbound integrations.
package httpx

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
)

// StatusError is returned by Do for non-2xx responses.
type StatusError struct {
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http status %d: %s", e.StatusCode, e.Body)
}

// Temporary reports whether the request is worth retrying.
func (e *StatusError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Do sends body to url with the given headers and returns the response body.
// Non-2xx responses are returned as *StatusError.
func Do(ctx context.Context, c *http.Client, method, url string, body []byte, headers map[string]string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if req.Header.Get("Content-Type") == "" && len(body) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, respBody, &StatusError{StatusCode: resp.StatusCode, Body: string(respBody)}
	}
	return resp.StatusCode, respBody, nil
}
