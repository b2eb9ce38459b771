// Package payments is a client for the Tillpoint payments API (an
// Adyen-style REST processor).
//
// Tillpoint deduplicates write requests on the requestReference field: a
// request whose requestReference matches one received in the previous seven
// days is not processed again, and the response of the original request is
// returned instead (with the header Tillpoint-Replayed: true). The
// merchant reference ("reference") is free text for reconciliation and is not
// used for deduplication.
package payments

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/platform/httpx"
)

const providerName = "tillpoint"

// Result codes returned by the processor.
const (
	ResultAuthorised = "Authorised"
	ResultReceived   = "Received"
	ResultPending    = "Pending"
	ResultRefused    = "Refused"
	ResultError      = "Error"
	ResultCancelled  = "Cancelled"
)

// Amount is a minor-unit amount in an ISO currency.
type Amount struct {
	Currency string `json:"currency"`
	Value    int64  `json:"value"`
}

// PaymentRequest creates and captures a payment.
type PaymentRequest struct {
	// RequestReference is the processor's idempotency field. Requests that
	// repeat a reference are answered from the original result.
	RequestReference string            `json:"requestReference,omitempty"`
	MerchantAccount  string            `json:"merchantAccount"`
	Reference        string            `json:"reference"`
	Amount           Amount            `json:"amount"`
	PaymentMethod    PaymentMethod     `json:"paymentMethod"`
	ShopperReference string            `json:"shopperReference,omitempty"`
	ShopperEmail     string            `json:"shopperEmail,omitempty"`
	CaptureDelayHrs  int               `json:"captureDelayHours"`
	Metadata         map[string]string `json:"metadata,omitempty"`
}

// PaymentMethod carries the tokenised method from the drop-in component.
type PaymentMethod struct {
	Type                  string `json:"type"`
	StoredPaymentMethodID string `json:"storedPaymentMethodId,omitempty"`
	EncryptedToken        string `json:"encryptedToken,omitempty"`
}

// PaymentResponse is the synchronous result of a payment request.
type PaymentResponse struct {
	PSPReference  string `json:"pspReference"`
	ResultCode    string `json:"resultCode"`
	RefusalReason string `json:"refusalReason,omitempty"`
	MerchantRef   string `json:"merchantReference"`
	Replayed      bool   `json:"-"`
}

// RefundRequest refunds part or all of a captured payment.
type RefundRequest struct {
	// RequestReference deduplicates refunds exactly like payments.
	RequestReference string `json:"requestReference,omitempty"`
	MerchantAccount  string `json:"merchantAccount"`
	Reference        string `json:"reference"`
	Amount           Amount `json:"amount"`
}

// RefundResponse acknowledges a refund; the outcome arrives by webhook.
type RefundResponse struct {
	PSPReference        string `json:"pspReference"`
	PaymentPSPReference string `json:"paymentPspReference"`
	Status              string `json:"status"`
}

// PaymentStatus is returned by the lookup endpoint.
type PaymentStatus struct {
	PSPReference     string `json:"pspReference"`
	RequestReference string `json:"requestReference"`
	Status           string `json:"status"`
	Amount           Amount `json:"amount"`
}

// Client talks to the processor.
type Client struct {
	baseURL  string
	apiKey   string
	merchant string
	hc       *http.Client
}

// NewClient builds a client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL:  cfg.Payments.BaseURL,
		apiKey:   cfg.Payments.APIKey,
		merchant: cfg.Payments.MerchantAccount,
		hc:       httpx.NewClient(cfg.Payments.Timeout),
	}
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("X-API-Key", c.apiKey)
	return h
}

// MerchantAccount is the account payments are booked to.
func (c *Client) MerchantAccount() string { return c.merchant }

// CreatePayment authorises (and, with CaptureDelayHrs 0, captures) a payment.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest) (*PaymentResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out PaymentResponse
	err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodPost,
		URL:      c.baseURL + "/payments",
		Header:   c.header(),
		Body:     req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund refunds a captured payment identified by its PSP reference.
func (c *Client) Refund(ctx context.Context, pspReference string, req RefundRequest) (*RefundResponse, error) {
	if pspReference == "" {
		return nil, fmt.Errorf("%s: refund: missing payment pspReference", providerName)
	}
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out RefundResponse
	err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodPost,
		URL:      c.baseURL + "/payments/" + url.PathEscape(pspReference) + "/refunds",
		Header:   c.header(),
		Body:     req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// LookupByRequestReference returns the processor's view of the payment created
// with the given request reference.
func (c *Client) LookupByRequestReference(ctx context.Context, ref string) (*PaymentStatus, error) {
	var out PaymentStatus
	err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodGet,
		URL:      c.baseURL + "/payments?requestReference=" + url.QueryEscape(ref),
		Header:   c.header(),
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
