// Package dc is a datacenter partner's client: a helper sends every request
// through go-retryablehttp, with the options it is given.
package dc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"
)

// Client is the partner's API.
type Client struct {
	baseURL string
	http    *retryablehttp.Client
}

// New makes a client.
func New(base string) *Client { return &Client{baseURL: base, http: retryablehttp.NewClient()} }

// CallOption adjusts one call.
type CallOption func(*callOptions)

type callOptions struct{ idempotencyKey string }

// WithIdempotencyKey sets the key the partner drops a repeat by.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...CallOption) error {
	var co callOptions
	for _, opt := range opts {
		opt(&co)
	}
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}

// A Snapshot is a server's snapshot.
type Snapshot struct{ ID string }

// A VolumeRequest asks for a volume; the partner keeps the caller's
// reference with it, and drops a repeat by the Idempotency-Key header.
type VolumeRequest struct {
	ExternalRef string `json:"external_ref"`
	SizeGB      int    `json:"size_gb"`
}

// CreateVolume creates a volume.
func (c *Client) CreateVolume(ctx context.Context, req VolumeRequest, opts ...CallOption) (*Snapshot, error) {
	var out Snapshot
	if err := c.do(ctx, "POST", "/v1/volumes", req, &out, opts...); err != nil { // want `a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handlers.Volume\)`
		return nil, err
	}
	return &out, nil
}

// A License is a licence bought for a server.
type License struct{ ID string }

// CreateSnapshot starts a snapshot.
func (c *Client) CreateSnapshot(ctx context.Context, serverID, label string, opts ...CallOption) (*Snapshot, error) {
	var out Snapshot
	body := map[string]string{"label": label}
	path := fmt.Sprintf("/v1/servers/%s/snapshots", url.PathEscape(serverID))
	if err := c.do(ctx, "POST", path, body, &out, opts...); err != nil { // want `a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handlers.Snapshot\)`
		return nil, err
	}
	return &out, nil
}

// PurchaseLicense buys a licence; it takes no options.
func (c *Client) PurchaseLicense(ctx context.Context, serverID, product string) (*License, error) {
	var out License
	body := map[string]string{"product": product}
	path := fmt.Sprintf("/v1/servers/%s/licenses", url.PathEscape(serverID))
	if err := c.do(ctx, "POST", path, body, &out); err != nil { // want `a crash after the retried HTTP request in dc.Client.PurchaseLicense and before its outcome is stored` `a retry repeats the retried HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handlers.License\)`
		return nil, err
	}
	return &out, nil
}
