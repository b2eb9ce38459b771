// Package mailhouse is the client for Printwell, the fulfilment house that
// prints subscribers' season ticket books and mails them.
//
// Printwell's job API has no deduplication: each POST /jobs queues a new
// print-and-mail job and returns its job number. There is no client
// reference field; a cancelled job must be voided by phone.
package mailhouse

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/harborlight-symphony/encore/internal/platform/httpx"
)

// Address is a postal address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// PrintItem is one ticket to print in the book.
type PrintItem struct {
	Performance string `json:"performance"`
	Date        string `json:"date"`
	Seat        string `json:"seat"`
	Barcode     string `json:"barcode"`
}

// Job is a print-and-mail request.
type Job struct {
	Template   string      `json:"template"`
	ShipMethod string      `json:"ship_method"`
	ShipTo     Address     `json:"ship_to"`
	Items      []PrintItem `json:"items"`
}

// Accepted is Printwell's acknowledgement.
type Accepted struct {
	JobID string `json:"job_id"`
	ETA   string `json:"eta"`
}

// Client submits print jobs.
type Client struct {
	baseURL string
	apiKey  string
	http    httpx.Doer
}

// New builds a Printwell client. Job submission is never retried by the
// client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey, http: hc}
}

// Submit queues job for printing.
func (c *Client) Submit(ctx context.Context, job Job) (*Accepted, error) {
	var out Accepted
	if err := httpx.JSON(ctx, c.http, http.MethodPost, c.baseURL+"/jobs", job, &out,
		httpx.WithHeader("X-Api-Key", c.apiKey)); err != nil {
		return nil, fmt.Errorf("mailhouse: submit: %w", err)
	}
	return &out, nil
}
