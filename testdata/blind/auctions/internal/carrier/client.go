// Package carrier is a client for the ParcelPoint shipping REST API. The
// carrier treats X-Request-Id as a deduplication key: a repeated POST with
// the same value returns the original label instead of buying a new one.
package carrier

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/rs/xid"
)

// Client talks to the carrier.
type Client struct {
	baseURL  string
	apiKey   string
	http     *http.Client
	attempts uint
}

// New returns a carrier client.
func New(baseURL, apiKey string) *Client {
	return &Client{
		baseURL:  baseURL,
		apiKey:   apiKey,
		http:     &http.Client{Timeout: 20 * time.Second},
		attempts: 4,
	}
}

// RequestOption customises one call.
type RequestOption func(*requestConfig)

type requestConfig struct {
	requestID string
}

// WithRequestID sets the X-Request-Id the carrier deduplicates on.
func WithRequestID(id string) RequestOption {
	return func(c *requestConfig) { c.requestID = id }
}

func newRequestConfig(opts []RequestOption) requestConfig {
	cfg := requestConfig{requestID: xid.New().String()}
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// Parcel is the physical package.
type Parcel struct {
	WeightGrams int `json:"weight_grams"`
	LengthCM    int `json:"length_cm,omitempty"`
	WidthCM     int `json:"width_cm,omitempty"`
	HeightCM    int `json:"height_cm,omitempty"`
}

// Address is a carrier postal address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// LabelRequest buys a label.
type LabelRequest struct {
	From         Address `json:"from"`
	To           Address `json:"to"`
	Parcel       Parcel  `json:"parcel"`
	ServiceLevel string  `json:"service_level"`
	Reference    string  `json:"reference"`
}

// Label is a purchased label.
type Label struct {
	ID             string `json:"id"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	RateCents      int64  `json:"rate_cents"`
	ServiceLevel   string `json:"service_level"`
}

// PurchaseLabel buys a shipping label. Transport failures and 5xx answers
// are retried with the same X-Request-Id so the carrier never bills twice
// for one call.
func (c *Client) PurchaseLabel(ctx context.Context, req LabelRequest, opts ...RequestOption) (Label, error) {
	cfg := newRequestConfig(opts)
	var label Label
	err := c.do(ctx, http.MethodPost, "/v2/labels", cfg.requestID, req, &label)
	if err != nil {
		return Label{}, fmt.Errorf("carrier: purchase label: %w", err)
	}
	return label, nil
}

// VoidLabel cancels an unused label.
func (c *Client) VoidLabel(ctx context.Context, labelID string, opts ...RequestOption) error {
	cfg := newRequestConfig(opts)
	return c.do(ctx, http.MethodPost, "/v2/labels/"+labelID+"/void", cfg.requestID, nil, nil)
}

// statusError is a non-2xx answer.
type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return fmt.Sprintf("carrier: status %d: %s", e.code, e.body) }

func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.code >= 500 || se.code == http.StatusTooManyRequests
	}
	return !errors.Is(err, context.Canceled)
}

func (c *Client) do(ctx context.Context, method, path, requestID string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return err
		}
	}
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-Id", requestID)
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 300 {
			return &statusError{code: resp.StatusCode, body: string(raw)}
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(raw, out)
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(300*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	)
}
