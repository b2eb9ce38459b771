// Package payments is a client for the card acquirer's Checkout/Payments API
// (Adyen-style). The acquirer honours an Idempotency-Key header on every
// POST: a repeated key within 7 days returns the original response instead
// of performing the operation again.
package payments

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/wayfare/ridepay/internal/httpreq"
)

const apiVersion = "/v71"

// Amount is a value in minor units.
type Amount struct {
	Value    int64  `json:"value"`
	Currency string `json:"currency"`
}

// Client calls the acquirer.
type Client struct {
	http            *httpreq.Client
	merchantAccount string
}

// New returns a Client for baseURL authenticated with apiKey.
func New(baseURL, apiKey, merchantAccount string, opts ...httpreq.Option) *Client {
	opts = append([]httpreq.Option{httpreq.WithAuth(func(h http.Header) {
		h.Set("X-API-Key", apiKey)
	})}, opts...)
	return &Client{
		http:            httpreq.New(baseURL, opts...),
		merchantAccount: merchantAccount,
	}
}

// CallOption tunes a single call.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
	requestID      string
	metadata       map[string]string
}

// WithIdempotencyKey makes the call safe to repeat: the acquirer returns the
// first response for any later call that carries the same key.
func WithIdempotencyKey(key string) CallOption {
	return func(c *callConfig) { c.idempotencyKey = key }
}

// WithRequestID attaches a correlation id that shows up in the acquirer's
// request logs. It has no effect on processing.
func WithRequestID(id string) CallOption {
	return func(c *callConfig) { c.requestID = id }
}

// WithMetadata attaches free-form metadata to the payment.
func WithMetadata(kv map[string]string) CallOption {
	return func(c *callConfig) { c.metadata = kv }
}

func buildConfig(opts []CallOption) callConfig {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

func (cfg callConfig) headers() map[string]string {
	h := map[string]string{}
	if cfg.idempotencyKey != "" {
		h["Idempotency-Key"] = cfg.idempotencyKey
	}
	if cfg.requestID != "" {
		h["X-Request-ID"] = cfg.requestID
	}
	return h
}

// ModificationResponse is returned by captures, refunds and cancels.
type ModificationResponse struct {
	MerchantAccount     string `json:"merchantAccount"`
	PaymentPspReference string `json:"paymentPspReference"`
	PspReference        string `json:"pspReference"`
	Reference           string `json:"reference"`
	Status              string `json:"status"`
	Amount              Amount `json:"amount"`
}

type modificationRequest struct {
	MerchantAccount string            `json:"merchantAccount"`
	Amount          Amount            `json:"amount"`
	Reference       string            `json:"reference,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

// Capture captures amount against an earlier authorisation.
func (c *Client) Capture(ctx context.Context, paymentPspRef string, amount Amount, reference string, opts ...CallOption) (*ModificationResponse, error) {
	cfg := buildConfig(opts)
	var out ModificationResponse
	err := c.http.Do(ctx, httpreq.Request{
		Method:  http.MethodPost,
		Path:    apiVersion + "/payments/" + url.PathEscape(paymentPspRef) + "/captures",
		Headers: cfg.headers(),
		Body: modificationRequest{
			MerchantAccount: c.merchantAccount,
			Amount:          amount,
			Reference:       reference,
			Metadata:        cfg.metadata,
		},
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("capture %s: %w", paymentPspRef, err)
	}
	return &out, nil
}

// Refund returns amount of a captured payment to the shopper.
func (c *Client) Refund(ctx context.Context, paymentPspRef string, amount Amount, reference string, opts ...CallOption) (*ModificationResponse, error) {
	cfg := buildConfig(opts)
	var out ModificationResponse
	err := c.http.Do(ctx, httpreq.Request{
		Method:  http.MethodPost,
		Path:    apiVersion + "/payments/" + url.PathEscape(paymentPspRef) + "/refunds",
		Headers: cfg.headers(),
		Body: modificationRequest{
			MerchantAccount: c.merchantAccount,
			Amount:          amount,
			Reference:       reference,
			Metadata:        cfg.metadata,
		},
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("refund %s: %w", paymentPspRef, err)
	}
	return &out, nil
}

// StoredCardPayment charges a shopper's stored card without the shopper
// present (tips, cancellation fees, wallet top-ups).
type StoredCardPayment struct {
	Amount           Amount
	Reference        string
	ShopperReference string
	StoredMethodID   string
	Statement        string
}

// PaymentResponse is the result of a /payments call.
type PaymentResponse struct {
	PspReference  string `json:"pspReference"`
	ResultCode    string `json:"resultCode"`
	RefusalReason string `json:"refusalReason,omitempty"`
	MerchantRef   string `json:"merchantReference"`
	Amount        Amount `json:"amount"`
}

// Authorised reports whether the payment went through.
func (r *PaymentResponse) Authorised() bool { return r.ResultCode == "Authorised" }

type paymentRequest struct {
	MerchantAccount          string            `json:"merchantAccount"`
	Amount                   Amount            `json:"amount"`
	Reference                string            `json:"reference"`
	ShopperReference         string            `json:"shopperReference"`
	ShopperInteraction       string            `json:"shopperInteraction"`
	RecurringProcessingModel string            `json:"recurringProcessingModel"`
	PaymentMethod            paymentMethod     `json:"paymentMethod"`
	ShopperStatement         string            `json:"shopperStatement,omitempty"`
	CaptureDelayHours        int               `json:"captureDelayHours"`
	Metadata                 map[string]string `json:"metadata,omitempty"`
}

type paymentMethod struct {
	Type                  string `json:"type"`
	StoredPaymentMethodID string `json:"storedPaymentMethodId"`
}

// ChargeStoredCard authorises and immediately captures against a stored card.
func (c *Client) ChargeStoredCard(ctx context.Context, p StoredCardPayment, opts ...CallOption) (*PaymentResponse, error) {
	cfg := buildConfig(opts)
	var out PaymentResponse
	err := c.http.Do(ctx, httpreq.Request{
		Method:  http.MethodPost,
		Path:    apiVersion + "/payments",
		Headers: cfg.headers(),
		Body: paymentRequest{
			MerchantAccount:          c.merchantAccount,
			Amount:                   p.Amount,
			Reference:                p.Reference,
			ShopperReference:         p.ShopperReference,
			ShopperInteraction:       "ContAuth",
			RecurringProcessingModel: "UnscheduledCardOnFile",
			PaymentMethod:            paymentMethod{Type: "scheme", StoredPaymentMethodID: p.StoredMethodID},
			ShopperStatement:         p.Statement,
			CaptureDelayHours:        0,
			Metadata:                 cfg.metadata,
		},
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("charge stored card for %s: %w", p.ShopperReference, err)
	}
	return &out, nil
}
