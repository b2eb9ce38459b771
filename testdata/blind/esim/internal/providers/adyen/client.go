// Package adyen is a client for the payment service provider's Checkout
// REST API. Modification and payment calls accept an Idempotency-Key header;
// the provider returns the original result for a repeated key for 7 days.
package adyen

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// Result codes returned for a payment.
const (
	ResultAuthorised = "Authorised"
	ResultRefused    = "Refused"
	ResultPending    = "Pending"
	ResultError      = "Error"
)

// Amount is a value in minor units.
type Amount struct {
	Currency string `json:"currency"`
	Value    int64  `json:"value"`
}

// PaymentRequest authorises a payment.
type PaymentRequest struct {
	MerchantAccount       string            `json:"merchantAccount"`
	Reference             string            `json:"reference"`
	Amount                Amount            `json:"amount"`
	ShopperReference      string            `json:"shopperReference"`
	StoredPaymentMethodID string            `json:"storedPaymentMethodId,omitempty"`
	PaymentMethod         map[string]string `json:"paymentMethod,omitempty"`
	ShopperInteraction    string            `json:"shopperInteraction"`
	RecurringProcessing   string            `json:"recurringProcessingModel,omitempty"`
	Metadata              map[string]string `json:"metadata,omitempty"`
}

// PaymentResponse is the outcome of an authorisation.
type PaymentResponse struct {
	PSPReference  string `json:"pspReference"`
	ResultCode    string `json:"resultCode"`
	RefusalReason string `json:"refusalReason,omitempty"`
	MerchantRef   string `json:"merchantReference"`
}

// ModificationRequest captures, cancels or refunds a payment.
type ModificationRequest struct {
	MerchantAccount string  `json:"merchantAccount"`
	Reference       string  `json:"reference,omitempty"`
	Amount          *Amount `json:"amount,omitempty"`
}

// ModificationResponse acknowledges a modification; its outcome arrives in a
// notification.
type ModificationResponse struct {
	PSPReference        string `json:"pspReference"`
	PaymentPSPReference string `json:"paymentPspReference"`
	Status              string `json:"status"`
}

// RequestOption tunes one call.
type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = key }
}

// Client talks to the Checkout API.
type Client struct {
	http     *retryablehttp.Client
	baseURL  string
	merchant string
}

// New returns a client for merchant at baseURL.
func New(c *retryablehttp.Client, baseURL, merchant string) *Client {
	return &Client{http: c, baseURL: baseURL, merchant: merchant}
}

// MerchantAccount returns the account the client books against.
func (c *Client) MerchantAccount() string { return c.merchant }

// Authorise sends POST /payments.
func (c *Client) Authorise(ctx context.Context, req PaymentRequest, opts ...RequestOption) (*PaymentResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out PaymentResponse
	if err := c.post(ctx, "/payments", req, &out, opts); err != nil {
		return nil, fmt.Errorf("adyen authorise %s: %w", req.Reference, err)
	}
	return &out, nil
}

// Capture sends POST /payments/{pspReference}/captures.
func (c *Client) Capture(ctx context.Context, pspReference string, req ModificationRequest, opts ...RequestOption) (*ModificationResponse, error) {
	return c.modify(ctx, pspReference, "captures", req, opts)
}

// Cancel sends POST /payments/{pspReference}/cancels.
func (c *Client) Cancel(ctx context.Context, pspReference string, req ModificationRequest, opts ...RequestOption) (*ModificationResponse, error) {
	return c.modify(ctx, pspReference, "cancels", req, opts)
}

// Refund sends POST /payments/{pspReference}/refunds.
func (c *Client) Refund(ctx context.Context, pspReference string, req ModificationRequest, opts ...RequestOption) (*ModificationResponse, error) {
	return c.modify(ctx, pspReference, "refunds", req, opts)
}

func (c *Client) modify(ctx context.Context, pspReference, op string, req ModificationRequest, opts []RequestOption) (*ModificationResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out ModificationResponse
	path := "/payments/" + url.PathEscape(pspReference) + "/" + op
	if err := c.post(ctx, path, req, &out, opts); err != nil {
		return nil, fmt.Errorf("adyen %s %s: %w", op, pspReference, err)
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []RequestOption) error {
	var o requestOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	return httpx.Do(ctx, c.http, httpx.Call{Method: http.MethodPost, URL: c.baseURL + path, Body: body, Header: h}, out)
}
