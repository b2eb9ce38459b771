package payments

import (
	"context"
	"net/url"
	"time"
)

// AuthorizeRequest places a hold on the customer's card without moving funds.
type AuthorizeRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CustomerID  string            `json:"customer"`
	Description string            `json:"description,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Authorization is a card hold.
type Authorization struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	AmountCents   int64     `json:"amount"`
	CapturedCents int64     `json:"amount_captured"`
	ExpiresAt     time.Time `json:"expires_at"`
}

// CaptureRequest captures part or all of a hold. Paylane allows several
// partial captures against one authorization until it is exhausted.
type CaptureRequest struct {
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Capture is a completed capture against an authorization.
type Capture struct {
	ID          string `json:"id"`
	AmountCents int64  `json:"amount"`
	Status      string `json:"status"`
}

// ChargeRequest charges a saved payment method directly.
type ChargeRequest struct {
	AmountCents   int64             `json:"amount"`
	Currency      string            `json:"currency"`
	CustomerID    string            `json:"customer"`
	PaymentMethod string            `json:"payment_method,omitempty"`
	Description   string            `json:"description,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// Charge is a completed or pending direct charge.
type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// PayoutRequest sends funds to a connected bank account.
type PayoutRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Destination string            `json:"destination"`
	Statement   string            `json:"statement_descriptor,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Payout is a transfer to a bank account.
type Payout struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	ArrivalDate time.Time `json:"arrival_date"`
}

// Authorize places a hold for a deposit.
func (c *Client) Authorize(ctx context.Context, req AuthorizeRequest, opts ...RequestOption) (*Authorization, error) {
	var out Authorization
	if err := c.post(ctx, "/authorizations", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Capture captures funds from an existing authorization.
func (c *Client) Capture(ctx context.Context, authorizationID string, req CaptureRequest, opts ...RequestOption) (*Capture, error) {
	var out Capture
	if err := c.post(ctx, "/authorizations/"+url.PathEscape(authorizationID)+"/captures", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Void cancels the remaining, uncaptured part of an authorization.
func (c *Client) Void(ctx context.Context, authorizationID string, opts ...RequestOption) (*Authorization, error) {
	var out Authorization
	if err := c.post(ctx, "/authorizations/"+url.PathEscape(authorizationID)+"/void", nil, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Charge charges a customer's saved payment method.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...RequestOption) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/charges", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreatePayout sends money to a host's bank account.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest, opts ...RequestOption) (*Payout, error) {
	var out Payout
	if err := c.post(ctx, "/payouts", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}
