package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/northgate/tolls/internal/config"
)

// Result is the partner's answer to POST /letters.
type Result struct {
	ID               string `json:"id"`
	Reference        string `json:"reference"`
	Status           string `json:"status"`
	ExpectedDelivery string `json:"expected_delivery_date"`
}

// Sender sends letters.
type Sender interface {
	Send(ctx context.Context, l Letter) (*Result, error)
	ReturnAddress() Address
}

// Client is the HTTP Sender.
type Client struct {
	baseURL string
	apiKey  string
	from    Address
	http    *http.Client
}

// NewClient builds a Client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL: cfg.Mailer.BaseURL,
		apiKey:  cfg.Mailer.APIKey,
		from: Address{
			Name: cfg.Mailer.ReturnName, Line1: "PO Box 7100", City: "Albany",
			Region: "NY", PostalCode: "12212", Country: "US",
		},
		http: &http.Client{Timeout: cfg.Mailer.Timeout},
	}
}

// ReturnAddress is the authority's return address.
func (c *Client) ReturnAddress() Address { return c.from }

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return fmt.Sprintf("mailer: status %d: %s", e.code, e.body) }

// Send posts the letter, retrying transport errors and 5xx responses.
func (c *Client) Send(ctx context.Context, l Letter) (*Result, error) {
	if l.From.Line1 == "" {
		l.From = c.from
	}
	payload, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)
	return backoff.RetryWithData(func() (*Result, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/letters", bytes.NewReader(payload))
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		req.SetBasicAuth(c.apiKey, "")
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		switch {
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return nil, &statusError{resp.StatusCode, string(data)}
		case resp.StatusCode/100 != 2:
			return nil, backoff.Permanent(&statusError{resp.StatusCode, string(data)})
		}
		var out Result
		if err := json.Unmarshal(data, &out); err != nil {
			return nil, backoff.Permanent(fmt.Errorf("mailer: decode: %w", err))
		}
		return &out, nil
	}, b)
}

// FormatCents renders an amount for a letter.
func FormatCents(c int64) string {
	return fmt.Sprintf("$%d.%02d", c/100, c%100)
}

// FormatDate renders a date for a letter.
func FormatDate(t time.Time) string {
	return t.Format("January 2, 2006")
}
