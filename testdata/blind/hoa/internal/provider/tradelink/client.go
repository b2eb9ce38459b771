// Package tradelink is the client for the TradeLink vendor network, which
// routes maintenance work orders to vetted local contractors and relays their
// quotes, status changes and completion invoices back by webhook.
//
// Work orders carry a client_reference. TradeLink keeps it unique per
// partner account: creating a work order with a reference it has already
// seen returns the existing work order (200 instead of 201) rather than
// dispatching a second vendor.
package tradelink

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/larchway/hoaops/internal/config"
)

// Client talks to the TradeLink partner API.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret string
	http          *retryablehttp.Client
}

// New builds a client with retries on connection errors, 429 and 5xx.
func New(cfg config.Config) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 300 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.HTTPClient.Timeout = cfg.TradeLink.Timeout
	rc.Logger = nil
	return &Client{
		baseURL:       cfg.TradeLink.BaseURL,
		apiKey:        cfg.TradeLink.APIKey,
		webhookSecret: cfg.TradeLink.WebhookSecret,
		http:          rc,
	}
}

// WorkOrderRequest asks the network to dispatch a vendor.
type WorkOrderRequest struct {
	ClientReference  string `json:"client_reference"`
	VendorID         string `json:"vendor_id,omitempty"`
	Trade            string `json:"trade"`
	Priority         string `json:"priority"`
	Summary          string `json:"summary"`
	SiteAddress      string `json:"site_address"`
	NotToExceedCents int64  `json:"nte_cents,omitempty"`
}

// WorkOrder is TradeLink's view of a dispatched job.
type WorkOrder struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	VendorID        string `json:"vendor_id"`
	Status          string `json:"status"`
}

// CreateWorkOrder dispatches a work order.
func (c *Client) CreateWorkOrder(ctx context.Context, req WorkOrderRequest) (WorkOrder, error) {
	var out WorkOrder
	if err := c.postJSON(ctx, "/work-orders", req, &out); err != nil {
		return WorkOrder{}, err
	}
	return out, nil
}

// VerifySignature checks the X-TradeLink-Signature header, formatted
// "t=<unix>,v1=<hex hmac>" over "<unix>.<body>".
func (c *Client) VerifySignature(body []byte, ts, sig string) error {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return errors.New("tradelink: bad signature")
	}
	return nil
}

func (c *Client) postJSON(ctx context.Context, path string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, payload)
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("tradelink %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("tradelink %s: status %d: %s", path, resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}
