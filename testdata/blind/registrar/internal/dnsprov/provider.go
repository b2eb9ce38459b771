// Package dnsprov talks to the DNS hosting provider.
//
// Zones are addressed by name: PUT /v2/zones/{name} creates the zone or
// returns the existing one. Record creation accepts an optional client_ref;
// a second create with a client_ref the zone already holds returns the
// existing record.
package dnsprov

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/tldhouse/registrar/internal/config"
)

type Zone struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Status      string   `json:"status"`
	Nameservers []string `json:"nameservers"`
}

type RecordInput struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	Content   string `json:"content"`
	TTL       int    `json:"ttl"`
	Priority  *int   `json:"priority,omitempty"`
	ClientRef string `json:"client_ref,omitempty"`
}

type Record struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Name      string `json:"name"`
	Content   string `json:"content"`
	TTL       int    `json:"ttl"`
	Priority  *int   `json:"priority,omitempty"`
	ClientRef string `json:"client_ref,omitempty"`
}

// Provider is what the rest of the code uses.
type Provider interface {
	EnsureZone(ctx context.Context, name string) (*Zone, error)
	CreateRecord(ctx context.Context, zoneID string, in RecordInput) (*Record, error)
	DeleteRecord(ctx context.Context, zoneID, recordID string) error
	ListRecords(ctx context.Context, zoneID string) ([]Record, error)
}

// StatusError is a non-2xx answer from the provider.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string { return fmt.Sprintf("dnsprov: http %d: %s", e.Status, e.Body) }

// Retryable reports whether the request may succeed when sent again.
func (e *StatusError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// IsNotFound reports a 404 from the provider.
func IsNotFound(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Status == http.StatusNotFound
}

type HTTPClient struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewHTTPClient(cfg *config.Config) *HTTPClient {
	return &HTTPClient{
		baseURL: cfg.DNS.BaseURL,
		token:   cfg.DNS.APIToken,
		http:    &http.Client{Timeout: cfg.DNS.Timeout},
	}
}

func (c *HTTPClient) EnsureZone(ctx context.Context, name string) (*Zone, error) {
	var z Zone
	err := c.send(ctx, http.MethodPut, "/v2/zones/"+url.PathEscape(name), map[string]string{"name": name}, &z)
	if err != nil {
		return nil, err
	}
	return &z, nil
}

func (c *HTTPClient) CreateRecord(ctx context.Context, zoneID string, in RecordInput) (*Record, error) {
	var r Record
	if err := c.send(ctx, http.MethodPost, "/v2/zones/"+url.PathEscape(zoneID)+"/records", in, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func (c *HTTPClient) DeleteRecord(ctx context.Context, zoneID, recordID string) error {
	return c.send(ctx, http.MethodDelete, "/v2/zones/"+url.PathEscape(zoneID)+"/records/"+url.PathEscape(recordID), nil, nil)
}

func (c *HTTPClient) ListRecords(ctx context.Context, zoneID string) ([]Record, error) {
	var out struct {
		Records []Record `json:"records"`
	}
	if err := c.send(ctx, http.MethodGet, "/v2/zones/"+url.PathEscape(zoneID)+"/records", nil, &out); err != nil {
		return nil, err
	}
	return out.Records, nil
}

func (c *HTTPClient) send(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("dnsprov: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}
