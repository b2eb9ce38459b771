// Package doireg is the HTTP client for the DOI registration agency's
// deposit API.
//
// A deposit carries a caller-chosen batch_id in the JSON body. The registry
// keeps every batch_id it has accepted and answers a second deposit with a
// known batch_id with the status of the first one instead of queuing the
// records again. When batch_id is empty the registry mints one, so such a
// deposit is always treated as new.
package doireg

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Record is one DOI's metadata in a deposit.
type Record struct {
	DOI        string `json:"doi"`
	URL        string `json:"resource_url"`
	Title      string `json:"title"`
	Journal    string `json:"journal"`
	ArticleRef string `json:"article_ref"`
}

// Deposit is a batch of records.
type Deposit struct {
	BatchID   string   `json:"batch_id,omitempty"`
	Depositor string   `json:"depositor"`
	Email     string   `json:"notification_email"`
	Kind      string   `json:"kind"` // "new" or "update"
	Records   []Record `json:"records"`
}

// DepositStatus is the registry's answer for a batch.
type DepositStatus struct {
	BatchID   string    `json:"batch_id"`
	Status    string    `json:"status"` // queued, accepted, rejected
	Duplicate bool      `json:"duplicate"`
	Message   string    `json:"message,omitempty"`
	Received  time.Time `json:"received_at"`
}

// Error is a non-2xx answer from the registry.
type Error struct {
	StatusCode int
	Body       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("doireg: status %d: %s", e.StatusCode, e.Body)
}

// Retryable reports whether the deposit may be sent again.
func (e *Error) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// Client talks to the registry.
type Client struct {
	baseURL   string
	username  string
	password  string
	depositor string
	http      *http.Client
}

// New builds a registry client.
func New(baseURL, username, password, depositor string) *Client {
	return &Client{
		baseURL:   strings.TrimRight(baseURL, "/"),
		username:  username,
		password:  password,
		depositor: depositor,
		http:      &http.Client{Timeout: 60 * time.Second},
	}
}

// SubmitBatch sends a deposit.
func (c *Client) SubmitBatch(ctx context.Context, d Deposit) (*DepositStatus, error) {
	if d.Depositor == "" {
		d.Depositor = c.depositor
	}
	b, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/deposits", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	var out DepositStatus
	if err := c.send(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) send(req *http.Request, out any) error {
	req.SetBasicAuth(c.username, c.password)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("doireg: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return &Error{StatusCode: resp.StatusCode, Body: string(raw)}
	}
	return json.Unmarshal(raw, out)
}
