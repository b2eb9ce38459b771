// Package gatelink is the client for the gate-controller partner that runs
// the keypads, gate readers and unit door sensors at each facility.
//
// Access codes are keyed by the caller's external_ref: posting a code with an
// external_ref the site already has returns the existing code instead of
// creating another. Lockout creation honours an Idempotency-Key header for 24
// hours. Deletes are idempotent and answer 404 for unknown ids.
package gatelink

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Client calls the partner's REST API.
type Client struct {
	base   string
	apiKey string
	hc     *http.Client
}

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{base: baseURL, apiKey: apiKey, hc: &http.Client{Timeout: timeout}}
}

// CodeRequest registers a keypad PIN for a tenant's unit door.
type CodeRequest struct {
	SiteID      string    `json:"-"`
	ExternalRef string    `json:"external_ref"`
	PIN         string    `json:"pin"`
	DoorIDs     []string  `json:"door_ids"`
	Profile     string    `json:"access_profile"`
	ValidFrom   time.Time `json:"valid_from"`
}

// Code is the partner's view of an access code.
type Code struct {
	ID          string `json:"id"`
	ExternalRef string `json:"external_ref"`
	Status      string `json:"status"`
}

// PutCode creates (or returns the existing) code for req.ExternalRef.
func (c *Client) PutCode(ctx context.Context, req CodeRequest) (*Code, error) {
	var out Code
	path := "/sites/" + url.PathEscape(req.SiteID) + "/access-codes"
	if err := c.do(ctx, http.MethodPost, path, req, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RevokeCode disables a code by external ref.
func (c *Client) RevokeCode(ctx context.Context, siteID, externalRef string) error {
	path := "/sites/" + url.PathEscape(siteID) + "/access-codes/" + url.PathEscape(externalRef)
	err := c.do(ctx, http.MethodDelete, path, nil, nil, nil)
	if IsNotFound(err) {
		return nil
	}
	return err
}

// LockoutRequest blocks a unit door from opening with any tenant code.
type LockoutRequest struct {
	SiteID string `json:"-"`
	DoorID string `json:"door_id"`
	Reason string `json:"reason"`
}

// Lockout is an active door lockout.
type Lockout struct {
	ID     string `json:"id"`
	DoorID string `json:"door_id"`
	Status string `json:"status"`
}

// Lockout places a lockout. idempotencyKey may be empty.
func (c *Client) Lockout(ctx context.Context, req LockoutRequest, idempotencyKey string) (*Lockout, error) {
	var out Lockout
	hdr := http.Header{}
	if idempotencyKey != "" {
		hdr.Set("Idempotency-Key", idempotencyKey)
	}
	path := "/sites/" + url.PathEscape(req.SiteID) + "/lockouts"
	if err := c.do(ctx, http.MethodPost, path, req, hdr, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReleaseLockout removes a lockout.
func (c *Client) ReleaseLockout(ctx context.Context, siteID, lockoutID string) error {
	path := "/sites/" + url.PathEscape(siteID) + "/lockouts/" + url.PathEscape(lockoutID)
	err := c.do(ctx, http.MethodDelete, path, nil, nil, nil)
	if IsNotFound(err) {
		return nil
	}
	return err
}

// APIError is a non-2xx response.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("gatelink: http %d: %s", e.Status, e.Body) }

// Temporary reports server-side failures.
func (e *APIError) Temporary() bool { return e.Status >= 500 || e.Status == http.StatusTooManyRequests }

func IsNotFound(err error) bool {
	ae, ok := err.(*APIError)
	return ok && ae.Status == http.StatusNotFound
}

func (c *Client) do(ctx context.Context, method, path string, body any, hdr http.Header, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &APIError{Status: resp.StatusCode, Body: string(data)}
	}
	if out != nil && len(data) > 0 {
		return json.Unmarshal(data, out)
	}
	return nil
}
