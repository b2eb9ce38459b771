// Package courier is a client for the ParcelWing shipping API.
package courier

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

const defaultBaseURL = "https://api.parcelwing.example/v2"

type Client struct {
	baseURL    string
	apiKey     string
	userAgent  string
	httpClient *http.Client
}

type Option func(*Client)

func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

func WithAPIKey(k string) Option { return func(c *Client) { c.apiKey = k } }

func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.httpClient = hc } }

func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		hc := *c.httpClient
		hc.Timeout = d
		c.httpClient = &hc
	}
}

func New(opts ...Option) *Client {
	c := &Client{
		baseURL:    defaultBaseURL,
		userAgent:  "refillrx-courier/1.0",
		httpClient: &http.Client{Timeout: 20 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

type Parcel struct {
	WeightGrams int    `json:"weight_grams"`
	Reference   string `json:"reference"`
	// ColdChain asks for an insulated box (insulin, some vaccines).
	ColdChain bool `json:"cold_chain"`
}

type CreateShipmentRequest struct {
	// IdempotencyKey is sent as the Idempotency-Key header. ParcelWing keeps
	// keys for 24 hours and returns the original shipment for a repeat.
	IdempotencyKey      string   `json:"-"`
	Service             string   `json:"service"`
	To                  Address  `json:"to"`
	Parcels             []Parcel `json:"parcels"`
	SignatureOnDelivery bool     `json:"signature_on_delivery"`
}

type Shipment struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	Status         string `json:"status"`
}

type RescheduleRequest struct {
	IdempotencyKey string `json:"-"`
	Date           string `json:"date"`
	Instructions   string `json:"instructions,omitempty"`
}

type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("courier: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Retryable reports whether the failure is worth another attempt.
func (e *APIError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

func (c *Client) CreateShipment(ctx context.Context, req CreateShipmentRequest) (*Shipment, error) {
	var out Shipment
	if err := c.do(ctx, http.MethodPost, "/shipments", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) RescheduleDelivery(ctx context.Context, shipmentID string, req RescheduleRequest) (*Shipment, error) {
	var out Shipment
	if err := c.do(ctx, http.MethodPost, "/shipments/"+shipmentID+"/reschedule", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path, idemKey string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("courier: encode: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("courier: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("courier: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("courier: decode: %w", err)
		}
	}
	return nil
}

// VerifySignature checks the X-ParcelWing-Signature header of a webhook.
func VerifySignature(secret string, payload []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(payload)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(signature))
}
