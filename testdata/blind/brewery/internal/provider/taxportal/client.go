// Package taxportal is a client for the state liquor control commission's
// excise tax e-filing portal.
//
// Portal notes (from the integration guide, v2):
//   - POST /v2/permits/{permit}/excise-returns files a monthly return. If the
//     request carries a client_reference already used for the same permit and
//     period, the portal does not file again: it answers 200 with the
//     original receipt and "duplicate": true.
//   - POST /v2/returns/{confirmation}/amendments files an amendment. Each call
//     creates a new amendment; the portal offers no de-duplication here.
//   - Status changes are pushed to our webhook, signed with HMAC-SHA256.
package taxportal

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/provider/retryhttp"
)

// Client talks to the excise portal.
type Client struct {
	http          *retryablehttp.Client
	baseURL       string
	clientID      string
	clientSecret  string
	permit        string
	webhookSecret []byte
}

// New builds a portal client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		http: retryhttp.New(retryhttp.Options{
			Name:       "taxportal",
			MaxRetries: cfg.TaxPortal.MaxRetries,
			WaitMin:    2 * time.Second,
			WaitMax:    30 * time.Second,
			Timeout:    45 * time.Second,
		}),
		baseURL:       cfg.TaxPortal.BaseURL,
		clientID:      cfg.TaxPortal.ClientID,
		clientSecret:  cfg.TaxPortal.ClientSecret,
		permit:        cfg.TaxPortal.PermitNumber,
		webhookSecret: []byte(cfg.TaxPortal.WebhookSecret),
	}
}

// Return is a monthly excise return.
type Return struct {
	PeriodStart     string  `json:"period_start"`
	PeriodEnd       string  `json:"period_end"`
	BarrelsTaxable  float64 `json:"barrels_taxable"`
	TaxDueCents     int64   `json:"tax_due_cents"`
	PreparedBy      string  `json:"prepared_by,omitempty"`
	ClientReference string  `json:"client_reference,omitempty"`
}

// Receipt is the portal's acknowledgement of a filed return.
type Receipt struct {
	ConfirmationNumber string    `json:"confirmation_number"`
	ReceivedAt         time.Time `json:"received_at"`
	Duplicate          bool      `json:"duplicate"`
}

// Amendment adjusts an accepted return.
type Amendment struct {
	Reason        string  `json:"reason"`
	BarrelsDelta  float64 `json:"barrels_delta"`
	TaxDeltaCents int64   `json:"tax_delta_cents"`
}

// AmendmentReceipt acknowledges an amendment.
type AmendmentReceipt struct {
	AmendmentID string    `json:"amendment_id"`
	ReceivedAt  time.Time `json:"received_at"`
}

// APIError is a non-2xx portal response.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("taxportal: %d %s: %s", e.Status, e.Code, e.Detail)
}

// SubmitReturn files a monthly return for the configured permit.
func (c *Client) SubmitReturn(ctx context.Context, r Return) (Receipt, error) {
	var out Receipt
	err := c.do(ctx, http.MethodPost, fmt.Sprintf("/v2/permits/%s/excise-returns", c.permit), r, &out)
	return out, err
}

// FileAmendment files an amendment against a previously filed return.
func (c *Client) FileAmendment(ctx context.Context, confirmation string, a Amendment) (AmendmentReceipt, error) {
	var out AmendmentReceipt
	err := c.do(ctx, http.MethodPost, fmt.Sprintf("/v2/returns/%s/amendments", confirmation), a, &out)
	return out, err
}

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.clientID, c.clientSecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("taxportal %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	return json.Unmarshal(data, out)
}

// Event is a status notification pushed by the portal.
type Event struct {
	EventID            string    `json:"event_id"`
	Type               string    `json:"type"` // return.accepted, return.rejected
	ConfirmationNumber string    `json:"confirmation_number"`
	Reason             string    `json:"reason"`
	OccurredAt         time.Time `json:"occurred_at"`
}

// VerifyWebhook checks the X-Portal-Signature header against the body.
func (c *Client) VerifyWebhook(signature string, body []byte) bool {
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write(body)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(signature))
}
