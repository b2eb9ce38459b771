// Package mailer sends transactional e-mail (invoices, statements)
// through the Postbox HTTP API. Postbox has no request de-duplication.
package mailer

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/liftwell-systems/liftcare/internal/provider/httpx"
)

const service = "postbox"

// Client is the Postbox client.
type Client struct {
	baseURL string
	token   string
	from    string
	http    *http.Client
}

// New returns a client sending from billing@.
func New(baseURL, token string) *Client {
	return &Client{
		baseURL: baseURL,
		token:   token,
		from:    "LiftWell Billing <billing@liftwell.example>",
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

// InvoiceEmail is rendered by Postbox from the "monthly-invoice" template.
type InvoiceEmail struct {
	To           string
	OwnerName    string
	BuildingName string
	Period       string
	AmountCents  int64
}

type sendRequest struct {
	From     string         `json:"from"`
	To       string         `json:"to"`
	Template string         `json:"template"`
	Vars     map[string]any `json:"vars"`
}

// SendInvoice e-mails a monthly invoice to a building owner.
func (c *Client) SendInvoice(ctx context.Context, e InvoiceEmail) error {
	body := sendRequest{
		From:     c.from,
		To:       e.To,
		Template: "monthly-invoice",
		Vars: map[string]any{
			"owner_name":    e.OwnerName,
			"building_name": e.BuildingName,
			"period":        e.Period,
			"amount":        fmt.Sprintf("%d.%02d", e.AmountCents/100, e.AmountCents%100),
		},
	}
	req, err := httpx.JSONRequest(ctx, http.MethodPost, c.baseURL+"/v1/send", body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s: send: %w", service, err)
	}
	return httpx.Decode(service, resp, nil)
}
