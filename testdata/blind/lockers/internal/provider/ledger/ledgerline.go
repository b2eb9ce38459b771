// Package ledger is a client for Ledgerline, the invoicing service that
// bills retail partners.
//
// Ledgerline honours an Idempotency-Key header on every create endpoint and
// keeps keys for 30 days; a repeat returns the document created first.
package ledger

import (
	"context"
	"net/http"
	"time"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithAPIToken(tok string) Option {
	return func(c *Client) { c.api.Header.Set("Authorization", "Token "+tok) }
}

func WithAccount(acct string) Option {
	return func(c *Client) { c.api.Header.Set("Ledgerline-Account", acct) }
}

type RequestOption func(*http.Header)

func WithIdempotencyKey(key string) RequestOption {
	return func(h *http.Header) { h.Set("Idempotency-Key", key) }
}

type Client struct {
	api *apiclient.Client
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{api: apiclient.New("ledgerline", baseURL, nil)}
	for _, o := range opts {
		o(c)
	}
	return c
}

type LineItem struct {
	Description    string `json:"description"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price"`
}

type InvoiceRequest struct {
	CustomerID  string     `json:"customer"`
	PeriodStart time.Time  `json:"period_start"`
	PeriodEnd   time.Time  `json:"period_end"`
	Lines       []LineItem `json:"lines"`
	Reference   string     `json:"reference,omitempty"`
}

type Invoice struct {
	ID     string `json:"id"`
	Number string `json:"number"`
	Status string `json:"status"`
	URL    string `json:"hosted_url"`
}

type CreditNoteRequest struct {
	CustomerID  string `json:"customer"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason"`
	Memo        string `json:"memo,omitempty"`
}

type CreditNote struct {
	ID     string `json:"id"`
	Number string `json:"number"`
}

func headers(opts []RequestOption) http.Header {
	h := http.Header{}
	for _, o := range opts {
		o(&h)
	}
	return h
}

func (c *Client) CreateInvoice(ctx context.Context, req InvoiceRequest, opts ...RequestOption) (Invoice, error) {
	var out Invoice
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/v3/invoices",
		Header: headers(opts),
		Body:   req,
	}, &out)
	return out, err
}

func (c *Client) CreateCreditNote(ctx context.Context, req CreditNoteRequest, opts ...RequestOption) (CreditNote, error) {
	var out CreditNote
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/v3/credit_notes",
		Header: headers(opts),
		Body:   req,
	}, &out)
	return out, err
}
