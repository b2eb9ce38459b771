// Package partners is the client for partner blood services in neighbouring
// countries. All partners implement the shared EBSN transfer API.
package partners

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/platform/retry"
	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// DispatchNotice tells the receiving service which units are on their way.
type DispatchNotice struct {
	RequestRef  string    `json:"request_ref"`
	UnitNumbers []string  `json:"unit_numbers"`
	Kind        string    `json:"product_kind"`
	BloodGroup  string    `json:"blood_group"`
	ShipBy      time.Time `json:"ship_by"`
	Sender      string    `json:"sender"`
}

type DispatchAck struct {
	AckRef        string `json:"ack_ref"`
	CustomsDocRef string `json:"customs_doc_ref"`
}

// Invoice charges the receiving service the agreed per-unit tariff.
type Invoice struct {
	RequestRef  string `json:"request_ref"`
	Units       int    `json:"units"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

type InvoiceAck struct {
	InvoiceRef string `json:"invoice_ref"`
}

// CallOption adjusts one partner call.
type CallOption func(*callOptions)

type callOptions struct {
	headers http.Header
}

// WithIdempotencyKey sets the EBSN Idempotency-Key header. Partners keep keys
// for 72 hours and replay the first response.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.headers.Set("Idempotency-Key", key) }
}

// Client reaches any partner by base URL.
type Client struct {
	token   string
	timeout time.Duration
	sender  string
}

func New(token, sender string, timeout time.Duration) *Client {
	return &Client{token: token, timeout: timeout, sender: sender}
}

func (c *Client) api(baseURL string) *apiclient.Client {
	return apiclient.New(baseURL, c.timeout, apiclient.BearerToken(c.token))
}

func (c *Client) SubmitDispatchNotice(ctx context.Context, baseURL string, n DispatchNotice, opts ...CallOption) (DispatchAck, error) {
	n.Sender = c.sender
	var out DispatchAck
	err := c.call(ctx, baseURL, "/ebsn/v1/dispatch-notices", n, &out, opts)
	return out, err
}

func (c *Client) SubmitInvoice(ctx context.Context, baseURL string, inv Invoice, opts ...CallOption) (InvoiceAck, error) {
	var out InvoiceAck
	err := c.call(ctx, baseURL, "/ebsn/v1/invoices", inv, &out, opts)
	return out, err
}

func (c *Client) call(ctx context.Context, baseURL, path string, in, out any, opts []CallOption) error {
	o := callOptions{headers: http.Header{}}
	for _, opt := range opts {
		opt(&o)
	}
	api := c.api(baseURL)
	err := retry.Do(ctx, retry.PartnerDefault, func() error {
		_, err := api.Do(ctx, http.MethodPost, path, in, out, o.headers)
		var se *apiclient.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return retry.Permanent(err)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("partner %s%s: %w", baseURL, path, err)
	}
	return nil
}
