// Package carrier is a client for the ShipBridge returns-label API.
package carrier

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	baseURL   string
	apiKey    string
	accountID string
	userAgent string
	http      *retryablehttp.Client
}

func NewClient(baseURL, apiKey, accountID string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL:   strings.TrimRight(baseURL, "/"),
		apiKey:    apiKey,
		accountID: accountID,
		userAgent: "northwind-rma/1.0",
		http:      newRetryable(),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

type Parcel struct {
	WeightGrams int `json:"weight_grams"`
	LengthCM    int `json:"length_cm"`
	WidthCM     int `json:"width_cm"`
	HeightCM    int `json:"height_cm"`
}

type CreateLabelRequest struct {
	Reference    string  `json:"reference"`
	ServiceLevel string  `json:"service_level"`
	From         Address `json:"from"`
	To           Address `json:"to"`
	Parcel       Parcel  `json:"parcel"`
	LabelFormat  string  `json:"label_format"`
}

type Label struct {
	ShipmentID     string    `json:"shipment_id"`
	TrackingNumber string    `json:"tracking_number"`
	LabelURL       string    `json:"label_url"`
	Carrier        string    `json:"carrier"`
	ExpiresAt      time.Time `json:"expires_at"`
}

// APIError is returned for non-2xx responses.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("shipbridge: %d %s: %s", e.Status, e.Code, e.Message)
}

// Retryable reports whether the caller may try the call again later.
func (e *APIError) Retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// CreateLabel books a prepaid return label.
func (c *Client) CreateLabel(ctx context.Context, req CreateLabelRequest, opts ...RequestOption) (*Label, error) {
	var out Label
	if err := c.do(ctx, http.MethodPost, "/accounts/"+c.accountID+"/return-labels", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// VoidLabel cancels an unused label. Voiding an already void label succeeds.
func (c *Client) VoidLabel(ctx context.Context, shipmentID string, opts ...RequestOption) error {
	return c.do(ctx, http.MethodPost, "/accounts/"+c.accountID+"/return-labels/"+shipmentID+"/void", nil, nil, opts...)
}

func (c *Client) do(ctx context.Context, method, path string, body, out any, opts ...RequestOption) error {
	rc := requestConfig{}
	for _, o := range opts {
		o(&rc)
	}
	if rc.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, rc.timeout)
		defer cancel()
	}

	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return fmt.Errorf("shipbridge: encode body: %w", err)
		}
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if rc.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", rc.idempotencyKey)
	}
	if rc.requestID != "" {
		req.Header.Set("X-Request-ID", rc.requestID)
	}
	for k, vs := range rc.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("shipbridge %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("shipbridge: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("shipbridge: decode response: %w", err)
		}
	}
	return nil
}

// TrackingWebhook is the body ShipBridge posts for tracking updates.
type TrackingWebhook struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"`
	ShipmentID     string    `json:"shipment_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Location       string    `json:"location"`
	OccurredAt     time.Time `json:"occurred_at"`
}

var ErrBadSignature = errors.New("shipbridge: bad webhook signature")

// VerifyWebhook checks the X-ShipBridge-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifyWebhook(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(strings.ToLower(signature))) {
		return ErrBadSignature
	}
	return nil
}
