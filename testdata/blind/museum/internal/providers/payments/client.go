// Package payments is a client for the Paygate checkout API (an
// Adyen-compatible payment processor).
//
// Paygate honours the Idempotency-Key request header on all POST endpoints:
// a request repeated with the same key within 7 days returns the original
// response instead of creating a new payment or modification.
package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/rest"
)

type Amount struct {
	Value    int64  `json:"value"`
	Currency string `json:"currency"`
}

type PaymentRequest struct {
	MerchantAccount          string            `json:"merchantAccount"`
	Amount                   Amount            `json:"amount"`
	Reference                string            `json:"reference"`
	PaymentMethod            json.RawMessage   `json:"paymentMethod,omitempty"`
	ShopperReference         string            `json:"shopperReference,omitempty"`
	ShopperEmail             string            `json:"shopperEmail,omitempty"`
	ShopperInteraction       string            `json:"shopperInteraction,omitempty"`
	RecurringProcessingModel string            `json:"recurringProcessingModel,omitempty"`
	StorePaymentMethod       bool              `json:"storePaymentMethod,omitempty"`
	ReturnURL                string            `json:"returnUrl,omitempty"`
	CaptureDelayHours        *int              `json:"captureDelayHours,omitempty"`
	Metadata                 map[string]string `json:"metadata,omitempty"`
}

type PaymentResponse struct {
	PSPReference   string            `json:"pspReference"`
	ResultCode     string            `json:"resultCode"`
	RefusalReason  string            `json:"refusalReason,omitempty"`
	Action         json.RawMessage   `json:"action,omitempty"`
	AdditionalData map[string]string `json:"additionalData,omitempty"`
}

func (r *PaymentResponse) Authorised() bool { return r.ResultCode == "Authorised" }

// RecurringToken returns the stored payment method reference, if any.
func (r *PaymentResponse) RecurringToken() string {
	return r.AdditionalData["recurring.recurringDetailReference"]
}

type ModificationRequest struct {
	MerchantAccount string `json:"merchantAccount"`
	Amount          Amount `json:"amount"`
	Reference       string `json:"reference,omitempty"`
}

type ModificationResponse struct {
	PSPReference        string `json:"pspReference"`
	PaymentPSPReference string `json:"paymentPspReference"`
	Status              string `json:"status"`
	Reference           string `json:"reference"`
}

type callOptions struct {
	idempotencyKey string
}

// CallOption configures a single API call.
type CallOption func(*callOptions)

// IdempotencyKey sets the Idempotency-Key header for the call.
func IdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type Client struct {
	rest     *rest.Client
	merchant string
}

func NewClient(cfg *config.Config, m *metrics.Registry) *Client {
	apiKey := cfg.Payments.APIKey
	return &Client{
		rest: rest.New("paygate", cfg.Payments.BaseURL, cfg.Payments.Timeout, m, func(r *http.Request) {
			r.Header.Set("X-API-Key", apiKey)
		}),
		merchant: cfg.Payments.MerchantAccount,
	}
}

func (c *Client) MerchantAccount() string { return c.merchant }

func (c *Client) headers(opts []CallOption) http.Header {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return h
}

// Authorise creates a payment.
func (c *Client) Authorise(ctx context.Context, req PaymentRequest, opts ...CallOption) (*PaymentResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out PaymentResponse
	if _, err := c.rest.Call(ctx, "authorise", http.MethodPost, "/payments", c.headers(opts), req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Capture captures an authorised payment.
func (c *Client) Capture(ctx context.Context, pspReference string, req ModificationRequest, opts ...CallOption) (*ModificationResponse, error) {
	return c.modify(ctx, "capture", pspReference, "captures", req, opts)
}

// Refund refunds a captured payment.
func (c *Client) Refund(ctx context.Context, pspReference string, req ModificationRequest, opts ...CallOption) (*ModificationResponse, error) {
	return c.modify(ctx, "refund", pspReference, "refunds", req, opts)
}

func (c *Client) modify(ctx context.Context, op, pspReference, kind string, req ModificationRequest, opts []CallOption) (*ModificationResponse, error) {
	if pspReference == "" {
		return nil, fmt.Errorf("paygate %s: missing psp reference", op)
	}
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out ModificationResponse
	path := "/payments/" + url.PathEscape(pspReference) + "/" + kind
	if _, err := c.rest.Call(ctx, op, http.MethodPost, path, c.headers(opts), req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
