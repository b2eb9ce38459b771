// Package airline is the client for partner airlines' billing APIs. Every
// partner implements the same interline lounge billing profile: OAuth2 client
// credentials, JSON invoices, and an Idempotency-Key header honoured for 7
// days on POST.
package airline

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/aerolounge/loungepass/internal/provider/httpx"
)

type InvoiceLine struct {
	Reference   string `json:"reference"`
	Description string `json:"description"`
	LoungeCode  string `json:"lounge_code"`
	VisitDate   string `json:"visit_date"`
	Quantity    int    `json:"quantity"`
	AmountMinor int64  `json:"amount_minor"`
}

type InvoiceSubmission struct {
	SupplierInvoiceNumber string        `json:"supplier_invoice_number"`
	BillingPeriod         string        `json:"billing_period"`
	Currency              string        `json:"currency"`
	TotalMinor            int64         `json:"total_minor"`
	Lines                 []InvoiceLine `json:"lines"`
}

type SubmissionReceipt struct {
	PartnerInvoiceRef string    `json:"partner_invoice_ref"`
	ReceivedAt        time.Time `json:"received_at"`
	Status            string    `json:"status"`
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises a single request.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header. The partner replays the
// first response for a repeated key instead of booking a second invoice.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type Client struct {
	hc           *http.Client
	clientID     string
	clientSecret string

	mu     sync.Mutex
	tokens map[string]token
}

type token struct {
	value   string
	expires time.Time
}

func NewClient(hc *http.Client, clientID, clientSecret string) *Client {
	return &Client{hc: hc, clientID: clientID, clientSecret: clientSecret, tokens: map[string]token{}}
}

// SubmitInvoice posts an invoice to the partner's billing endpoint.
func (c *Client) SubmitInvoice(ctx context.Context, endpoint string, sub InvoiceSubmission, opts ...CallOption) (SubmissionReceipt, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	tok, err := c.accessToken(ctx, endpoint)
	if err != nil {
		return SubmissionReceipt{}, err
	}
	var out SubmissionReceipt
	err = httpx.DoJSON(ctx, c.hc, http.MethodPost, strings.TrimRight(endpoint, "/")+"/v2/lounge-invoices", sub, &out,
		httpx.Header{Name: "Authorization", Value: "Bearer " + tok},
		httpx.Header{Name: "Idempotency-Key", Value: o.idempotencyKey},
	)
	if err != nil {
		return SubmissionReceipt{}, fmt.Errorf("airline submit invoice %s: %w", sub.SupplierInvoiceNumber, err)
	}
	return out, nil
}

// InvoiceStatus fetches the partner's view of an invoice we submitted.
func (c *Client) InvoiceStatus(ctx context.Context, endpoint, partnerRef string) (SubmissionReceipt, error) {
	tok, err := c.accessToken(ctx, endpoint)
	if err != nil {
		return SubmissionReceipt{}, err
	}
	var out SubmissionReceipt
	err = httpx.DoJSON(ctx, c.hc, http.MethodGet,
		strings.TrimRight(endpoint, "/")+"/v2/lounge-invoices/"+url.PathEscape(partnerRef), nil, &out,
		httpx.Header{Name: "Authorization", Value: "Bearer " + tok})
	return out, err
}

func (c *Client) accessToken(ctx context.Context, endpoint string) (string, error) {
	c.mu.Lock()
	t, ok := c.tokens[endpoint]
	c.mu.Unlock()
	if ok && time.Until(t.expires) > time.Minute {
		return t.value, nil
	}
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {c.clientID}, "client_secret": {c.clientSecret}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(endpoint, "/")+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("airline token: status %d", resp.StatusCode)
	}
	var body struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := decode(resp, &body); err != nil {
		return "", err
	}
	c.mu.Lock()
	c.tokens[endpoint] = token{value: body.AccessToken, expires: time.Now().Add(time.Duration(body.ExpiresIn) * time.Second)}
	c.mu.Unlock()
	return body.AccessToken, nil
}
