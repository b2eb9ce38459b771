package payments

import (
	"context"
	"net/url"
)

// Charge authorises a card payment. Stored cards are charged with
// StoredPaymentMethodID and ShopperInteraction "ContAuth".
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out ChargeResponse
	if err := c.post(ctx, "/payments", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Refund refunds (part of) a captured payment back to the original card.
func (c *Client) Refund(ctx context.Context, pspReference string, req RefundRequest, opts ...CallOption) (*RefundResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out RefundResponse
	if err := c.post(ctx, "/payments/"+url.PathEscape(pspReference)+"/refunds", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Payout sends money from the platform balance account to a bank account.
func (c *Client) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*PayoutResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	if req.Priority == "" {
		req.Priority = "regular"
	}
	var out PayoutResponse
	if err := c.post(ctx, "/transfers", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}
