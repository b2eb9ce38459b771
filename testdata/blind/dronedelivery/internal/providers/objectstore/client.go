// Package objectstore uploads proof-of-delivery photos to the S3-compatible
// bucket behind the media gateway. Objects are addressed by key and PUT
// replaces, so writing the same key twice leaves one object.
package objectstore

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Client writes objects through the media gateway.
type Client struct {
	endpoint string
	bucket   string
	token    string
	http     *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the underlying HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a client for bucket at endpoint.
func New(endpoint, bucket, token string, opts ...Option) *Client {
	c := &Client{endpoint: endpoint, bucket: bucket, token: token, http: &http.Client{Timeout: 30 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Put stores data under key.
func (c *Client) Put(ctx context.Context, key, contentType string, data []byte) error {
	u := fmt.Sprintf("%s/%s/%s", c.endpoint, url.PathEscape(c.bucket), key)
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", contentType)
	req.ContentLength = int64(len(data))
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("put %s: status %d", key, resp.StatusCode)
	}
	return nil
}

// URL returns the gateway URL for key.
func (c *Client) URL(key string) string {
	return fmt.Sprintf("%s/%s/%s", c.endpoint, url.PathEscape(c.bucket), key)
}
