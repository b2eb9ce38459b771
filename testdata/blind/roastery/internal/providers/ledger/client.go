// Package ledger is the client for Tallybooks, the accounting system that
// issues our wholesale invoices and tracks receivables.
//
// Tallybooks has no idempotency mechanism: every POST /invoices allocates a
// new invoice number.
package ledger

import (
	"context"
	"net/http"
	"time"

	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
)

// InvoiceLine is one line on an invoice.
type InvoiceLine struct {
	Description    string `json:"description"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_amount"`
	AccountCode    string `json:"account_code"`
}

// InvoiceRequest raises an accounts-receivable invoice.
type InvoiceRequest struct {
	ContactID string        `json:"contact_id"`
	Reference string        `json:"reference"`
	IssueDate string        `json:"date"`
	DueDate   string        `json:"due_date"`
	Lines     []InvoiceLine `json:"line_items"`
}

// Invoice is the Tallybooks invoice.
type Invoice struct {
	ID            string `json:"invoice_id"`
	Number        string `json:"invoice_number"`
	TotalCents    int64  `json:"total"`
	OnlinePayLink string `json:"online_invoice_url"`
}

// Invoicer is what the wholesale invoicing step depends on.
type Invoicer interface {
	CreateInvoice(ctx context.Context, req InvoiceRequest) (*Invoice, error)
}

// Client talks to Tallybooks.
type Client struct {
	http *httpx.Client
}

// New returns a Tallybooks client.
func New(baseURL, apiKey string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{httpx.WithBearer(apiKey)}, opts...)
	return &Client{http: httpx.New("tallybooks", baseURL, opts...)}
}

// CreateInvoice raises and approves an invoice.
func (c *Client) CreateInvoice(ctx context.Context, req InvoiceRequest) (*Invoice, error) {
	var out Invoice
	err := c.http.Do(ctx, httpx.Request{
		Method:    http.MethodPost,
		Path:      "/invoices?status=AUTHORISED",
		Operation: "create_invoice",
		Body:      req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// FormatDate renders t the way Tallybooks expects.
func FormatDate(t time.Time) string { return t.UTC().Format("2006-01-02") }
