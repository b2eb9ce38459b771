// Package payments is a client for Tillpay, the card processor used to fund
// merchant wallets. POST /v1/charges honours Idempotency-Key (keys are kept
// for 48 hours and replay the original response).
package payments

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/inkloop/printshop/internal/provider/httpx"
)

type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	PaymentMethod string            `json:"payment_method"`
	Customer      string            `json:"customer"`
	Description   string            `json:"description"`
	Metadata      map[string]string `json:"metadata,omitempty"`
	OffSession    bool              `json:"off_session"`
}

type Charge struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	AmountCents   int64  `json:"amount"`
	FailureCode   string `json:"failure_code"`
	FailureReason string `json:"failure_message"`
}

var ErrDeclined = errors.New("payments: charge declined")

type RequestOption func(*requestOptions)

type requestOptions struct {
	idempotencyKey string
}

func WithIdempotencyKey(k string) RequestOption {
	return func(o *requestOptions) { o.idempotencyKey = k }
}

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: httpx.NewClient(25 * time.Second)}
}

func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...RequestOption) (*Charge, error) {
	var o requestOptions
	for _, fn := range opts {
		fn(&o)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	var out Charge
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/charges",
		Header: h,
		Body:   req,
	}, &out)
	if err != nil {
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Code == http.StatusPaymentRequired {
			return nil, ErrDeclined
		}
		return nil, err
	}
	if out.Status == "failed" {
		return &out, ErrDeclined
	}
	return &out, nil
}
