// Package shopnet is a client for ShopNet, the repair shop network that
// routes work orders to contract car shops and sends back shop invoices.
//
// ShopNet treats external_reference as unique per account: creating a repair
// order with a reference it has seen returns the existing order with 200.
package shopnet

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
)

// Client calls ShopNet.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 30 * time.Second}}
}

// RepairOrder asks a shop to repair a car.
type RepairOrder struct {
	ExternalReference string   `json:"external_reference"`
	ShopID            string   `json:"shop_id"`
	CarMark           string   `json:"car_initial_number"`
	DefectCodes       []string `json:"defect_codes"`
	Instructions      string   `json:"instructions"`
}

// RepairOrderAck is ShopNet's answer.
type RepairOrderAck struct {
	RONumber string `json:"ro_number"`
	Status   string `json:"status"`
}

// CreateRepairOrder submits a repair order.
func (c *Client) CreateRepairOrder(ctx context.Context, ro RepairOrder) (*RepairOrderAck, error) {
	raw, err := json.Marshal(ro)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/v3/repair-orders", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("shopnet: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("shopnet: status %d: %s", resp.StatusCode, body)
	}
	var ack RepairOrderAck
	if err := json.Unmarshal(body, &ack); err != nil {
		return nil, fmt.Errorf("shopnet: decode: %w", err)
	}
	return &ack, nil
}

// InvoiceWebhook is a shop invoice pushed by ShopNet.
type InvoiceWebhook struct {
	ShopID            string        `json:"shop_id"`
	InvoiceNumber     string        `json:"invoice_number"`
	ExternalReference string        `json:"external_reference"`
	RONumber          string        `json:"ro_number"`
	ArrivedAt         time.Time     `json:"arrived_at"`
	ReleasedAt        time.Time     `json:"released_at"`
	Lines             []InvoiceLine `json:"lines"`
}

// InvoiceLine is an AAR job code line.
type InvoiceLine struct {
	LineNo        int    `json:"line_no"`
	JobCode       string `json:"job_code"`
	WhyMadeCode   string `json:"why_made_code"`
	LaborCents    int64  `json:"labor_cents"`
	MaterialCents int64  `json:"material_cents"`
}

// VerifySignature checks the X-ShopNet-Signature header.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature))
}
