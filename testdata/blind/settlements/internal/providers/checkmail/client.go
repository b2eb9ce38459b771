// Package checkmail is a client for the PostCheck print-and-mail API, which
// prints, signs and mails lien payoff checks drawn on the trust account.
//
// PostCheck honours an Idempotency-Key header on create calls: a repeated key
// within 24 hours returns the original check instead of printing another.
package checkmail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/trustwell/settlements/internal/config"
)

// Client talks to the check-mailing API.
type Client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	bankAccountID string
}

// New builds a Client from configuration.
func New(cfg config.CheckMailConfig) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 10 * time.Second
	rc.HTTPClient.Timeout = cfg.Timeout
	rc.Logger = nil
	return &Client{
		http:          rc,
		baseURL:       strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:        cfg.APIKey,
		bankAccountID: cfg.BankAccountID,
	}
}

// Address is a US mailing address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"address_line1"`
	Line2      string `json:"address_line2,omitempty"`
	City       string `json:"address_city"`
	State      string `json:"address_state"`
	PostalCode string `json:"address_zip"`
}

// CheckRequest describes a check to print and mail.
type CheckRequest struct {
	To          Address           `json:"to"`
	From        Address           `json:"from"`
	AmountCents int64             `json:"amount"`
	Memo        string            `json:"memo"`
	Description string            `json:"description,omitempty"`
	MailType    string            `json:"mail_type"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	BankAccount string            `json:"bank_account"`
}

// Check is a created check.
type Check struct {
	ID                   string    `json:"id"`
	CheckNumber          string    `json:"check_number"`
	ExpectedDeliveryDate string    `json:"expected_delivery_date"`
	Status               string    `json:"status"`
	CreatedAt            time.Time `json:"date_created"`
}

type callOptions struct {
	idempotencyKey string
}

// Option customises a single call.
type Option func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header on a create call.
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// CreateCheck prints and mails a check.
func (c *Client) CreateCheck(ctx context.Context, req CheckRequest, opts ...Option) (*Check, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	if req.BankAccount == "" {
		req.BankAccount = c.bankAccountID
	}
	if req.MailType == "" {
		req.MailType = "usps_first_class"
	}
	var out Check
	if err := c.do(ctx, http.MethodPost, "/checks", req, o.idempotencyKey, &out); err != nil {
		return nil, fmt.Errorf("checkmail: create check: %w", err)
	}
	return &out, nil
}

// CancelCheck cancels a check that has not yet been mailed. Cancelling an
// already-cancelled check succeeds.
func (c *Client) CancelCheck(ctx context.Context, id string) error {
	if err := c.do(ctx, http.MethodDelete, "/checks/"+id, nil, "", nil); err != nil {
		return fmt.Errorf("checkmail: cancel check %s: %w", id, err)
	}
	return nil
}

// Error is a non-2xx response.
type Error struct {
	Status  int
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("status %d: %s", e.Status, e.Message) }

func (c *Client) do(ctx context.Context, method, path string, body any, idempotencyKey string, out any) error {
	var rdr io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(buf)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.apiKey, "")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode == http.StatusNotFound && method == http.MethodDelete {
		return nil
	}
	if resp.StatusCode >= 300 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(data, e)
		return e
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}
