// Package citydispatch is the client for the city's snow-operations dispatch
// API: assignment acknowledgements and per-storm invoices.
package citydispatch

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/driftline-services/snowplow/internal/platform/apiclient"
)

// Client talks to the city's dispatch API.
type Client struct {
	baseURL      string
	contractorID string
	token        string
	hc           *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// NewClient returns a client for the given contractor account.
func NewClient(baseURL, contractorID, token string, opts ...Option) *Client {
	c := &Client{
		baseURL:      baseURL,
		contractorID: contractorID,
		token:        token,
		hc:           &http.Client{Timeout: 15 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Client) headers() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.token)
	h.Set("X-Contractor-Id", c.contractorID)
	return h
}

// AckOption adjusts an acknowledgement call.
type AckOption func(http.Header)

// WithIdempotencyKey makes the city collapse repeated acknowledgements
// carrying the same key.
func WithIdempotencyKey(key string) AckOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// AcknowledgeAssignment tells the city the contractor has accepted a route
// assignment and a truck is on its way.
func (c *Client) AcknowledgeAssignment(ctx context.Context, cityAssignmentID, truckID string, opts ...AckOption) error {
	h := c.headers()
	for _, o := range opts {
		o(h)
	}
	return apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/assignments/" + url.PathEscape(cityAssignmentID) + "/acknowledgements",
		Header: h,
		Body:   map[string]string{"truck_id": truckID},
	}, nil)
}

// InvoiceLine is one cleared route on an invoice.
type InvoiceLine struct {
	RouteCode   string `json:"route_code"`
	AmountCents int64  `json:"amount_cents"`
	SaltKg      int64  `json:"salt_kg"`
}

// InvoiceSubmission is the body of POST /v1/invoices.
type InvoiceSubmission struct {
	StormRef      string        `json:"storm_ref"`
	InvoiceNumber string        `json:"invoice_number"`
	TotalCents    int64         `json:"total_cents"`
	Lines         []InvoiceLine `json:"lines"`
	// ExternalReference is the contractor's own reference for the
	// submission. The city's accounts-payable system treats a second
	// submission with a reference it has already accepted as the same
	// invoice and returns the original city invoice ID.
	ExternalReference string `json:"external_reference,omitempty"`
}

// SubmittedInvoice is the city's acknowledgement of an invoice.
type SubmittedInvoice struct {
	CityInvoiceID string `json:"city_invoice_id"`
	Status        string `json:"status"`
}

// SubmitInvoice sends an invoice to the city's accounts-payable queue.
func (c *Client) SubmitInvoice(ctx context.Context, inv InvoiceSubmission) (SubmittedInvoice, error) {
	var out SubmittedInvoice
	err := apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/invoices",
		Header: c.headers(),
		Body:   inv,
	}, &out)
	return out, err
}

var ErrBadSignature = errors.New("citydispatch: bad signature")

// VerifySignature checks the X-Dispatch-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret string, body []byte, sig string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
