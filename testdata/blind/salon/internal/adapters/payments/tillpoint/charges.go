package tillpoint

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type chargeBody struct {
	Amount        int64             `json:"amount"`
	Currency      string            `json:"currency"`
	Customer      string            `json:"customer,omitempty"`
	PaymentMethod string            `json:"payment_method"`
	Description   string            `json:"description,omitempty"`
	Confirm       bool              `json:"confirm"`
	OffSession    bool              `json:"off_session"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type chargeResponse struct {
	ID          string            `json:"id"`
	Status      string            `json:"status"`
	FailureCode string            `json:"failure_code"`
	Amount      int64             `json:"amount"`
	Metadata    map[string]string `json:"metadata"`
}

func (r chargeResponse) result() domain.ChargeResult {
	res := domain.ChargeResult{ChargeID: r.ID, FailureCode: r.FailureCode}
	switch r.Status {
	case "succeeded":
		res.Status = domain.PaymentSucceeded
	case "failed", "canceled":
		res.Status = domain.PaymentFailed
	case "refunded":
		res.Status = domain.PaymentRefunded
	default:
		res.Status = domain.PaymentPending
	}
	return res
}

// Charge creates and confirms an off-session charge on a saved card.
func (c *Client) Charge(ctx context.Context, req ports.ChargeRequest, opts ...ports.CallOption) (domain.ChargeResult, error) {
	o := ports.ApplyCallOptions(opts)
	meta := map[string]string{}
	for k, v := range req.Metadata {
		meta[k] = v
	}
	for k, v := range o.Metadata {
		meta[k] = v
	}
	currency := req.Currency
	if currency == "" {
		currency = domain.Currency
	}
	var out chargeResponse
	err := c.do(ctx, request{
		method: http.MethodPost,
		path:   "/charges",
		body: chargeBody{
			Amount:        int64(req.AmountCents),
			Currency:      currency,
			Customer:      req.CustomerID,
			PaymentMethod: req.PaymentMethodID,
			Description:   req.Description,
			Confirm:       true,
			OffSession:    true,
			Metadata:      meta,
		},
		idempotencyKey: o.IdempotencyKey,
	}, &out)
	if err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) && apiErr.Type == "card_error" {
			return domain.ChargeResult{Status: domain.PaymentFailed, FailureCode: apiErr.Code}, nil
		}
		return domain.ChargeResult{}, err
	}
	return out.result(), nil
}

// GetCharge fetches the current state of a charge.
func (c *Client) GetCharge(ctx context.Context, chargeID string) (domain.ChargeResult, error) {
	var out chargeResponse
	if err := c.do(ctx, request{method: http.MethodGet, path: "/charges/" + url.PathEscape(chargeID)}, &out); err != nil {
		return domain.ChargeResult{}, err
	}
	return out.result(), nil
}

// FindChargeByReference looks a charge up by its metadata.reference value.
func (c *Client) FindChargeByReference(ctx context.Context, reference string) (*domain.ChargeResult, error) {
	var out struct {
		Data []chargeResponse `json:"data"`
	}
	q := url.Values{"metadata[reference]": {reference}, "limit": {"1"}}
	if err := c.do(ctx, request{method: http.MethodGet, path: "/charges/search?" + q.Encode()}, &out); err != nil {
		return nil, err
	}
	if len(out.Data) == 0 {
		return nil, nil
	}
	res := out.Data[0].result()
	return &res, nil
}
