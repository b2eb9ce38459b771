// Package leasing is the client for the van leasing company's remittance API.
//
// Payments carry a remittance_ref; the leasing company rejects a second
// payment with a ref it has already accepted with 409 and returns the
// original payment in the body.
package leasing

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/platform/httpclient"
)

// Client talks to the leasing company.
type Client struct {
	http           *retryablehttp.Client
	baseURL        string
	apiKey         string
	customerNumber string
}

// NewClient builds a leasing client from config.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	return &Client{
		http: httpclient.New(log, httpclient.Options{
			Name:     "leasing",
			Timeout:  cfg.Leasing.Timeout,
			RetryMax: cfg.Leasing.RetryMax,
		}),
		baseURL:        cfg.Leasing.BaseURL,
		apiKey:         cfg.Leasing.APIKey,
		customerNumber: cfg.Leasing.AccountRef,
	}
}

// PaymentRequest pays one installment on a contract.
type PaymentRequest struct {
	ContractNumber string `json:"contract_number"`
	Period         string `json:"billing_period"`
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	// RemittanceRef is the payer's reference for this payment; the leasing
	// company accepts each ref once.
	RemittanceRef string `json:"remittance_ref,omitempty"`
}

// Payment is the leasing company's receipt.
type Payment struct {
	ID            string `json:"payment_id"`
	Status        string `json:"status"`
	RemittanceRef string `json:"remittance_ref"`
}

// SubmitPayment pays an installment. A duplicate remittance ref is reported by
// the leasing company as 409 with the original payment, which is returned here
// as a success.
func (c *Client) SubmitPayment(ctx context.Context, req PaymentRequest) (*Payment, error) {
	if req.Currency == "" {
		req.Currency = "USD"
	}
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	h.Set("X-Customer-Number", c.customerNumber)
	var out Payment
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "leasing",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/api/v1/remittances",
		Headers:  h,
		Body:     req,
	}, &out)
	var apiErr *httpclient.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict && req.RemittanceRef != "" {
		var original struct {
			Payment Payment `json:"original_payment"`
		}
		if json.Unmarshal(apiErr.Body, &original) == nil && original.Payment.ID != "" {
			return &original.Payment, nil
		}
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}
