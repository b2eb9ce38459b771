// Package fieldservice is the client for the field-service partner that
// sends engineers to disconnect, reconnect and read meters. The partner does
// not deduplicate: every POST of an order books a new visit. Orders carry
// our reference in external_ref and can be searched by it.
package fieldservice

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

type OrderRequest struct {
	ExternalRef  string `json:"external_ref"`
	Type         string `json:"type"`
	MeterSerial  string `json:"meter_serial"`
	Address      string `json:"address"`
	Priority     string `json:"priority"`
	Notes        string `json:"notes,omitempty"`
	EarliestDate string `json:"earliest_date,omitempty"`
}

type Order struct {
	ID           string     `json:"id"`
	ExternalRef  string     `json:"external_ref"`
	Status       string     `json:"status"`
	ScheduledFor *time.Time `json:"scheduled_for,omitempty"`
}

// Client is the field-service API as the services use it.
type Client interface {
	CreateOrder(ctx context.Context, req OrderRequest) (*Order, error)
	FindByExternalRef(ctx context.Context, ref string) (*Order, error)
}

type Config struct {
	BaseURL string
	Token   string
}

type httpClient struct {
	cfg  Config
	http *http.Client
}

// NewHTTP returns the plain HTTP implementation.
func NewHTTP(cfg Config) Client {
	return &httpClient{cfg: cfg, http: &http.Client{Timeout: 30 * time.Second}}
}

type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("fieldservice: status %d: %s", e.Status, e.Body)
}

func (c *httpClient) CreateOrder(ctx context.Context, in OrderRequest) (*Order, error) {
	payload, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/api/orders", bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Token "+c.cfg.Token)
	var out Order
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *httpClient) FindByExternalRef(ctx context.Context, ref string) (*Order, error) {
	u := c.cfg.BaseURL + "/api/orders?external_ref=" + url.QueryEscape(ref)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Token "+c.cfg.Token)
	var out struct {
		Items []Order `json:"items"`
	}
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	if len(out.Items) == 0 {
		return nil, nil
	}
	return &out.Items[0], nil
}

func (c *httpClient) do(req *http.Request, out interface{}) error {
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
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	return json.Unmarshal(raw, out)
}
