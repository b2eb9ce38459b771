package ach

import (
	"context"
	"net/http"
	"time"
)

type CounterpartyRequest struct {
	Name          string            `json:"name"`
	RoutingNumber string            `json:"routing_number"`
	AccountNumber string            `json:"account_number"`
	AccountType   string            `json:"account_type"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

type Counterparty struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	RoutingLast4 string    `json:"routing_last4"`
	AccountLast4 string    `json:"account_last4"`
	Status       string    `json:"status"`
	CreatedAt    time.Time `json:"created_at"`
}

// CreateCounterparty registers a receiving account. The provider runs a
// prenote against it and bills a verification fee per counterparty.
func (c *Client) CreateCounterparty(ctx context.Context, req CounterpartyRequest, opts ...CallOption) (*Counterparty, error) {
	var out Counterparty
	if err := c.do(ctx, http.MethodPost, "/v1/counterparties", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

type Direction string

const (
	Credit Direction = "credit"
	Debit  Direction = "debit"
)

type PaymentRequest struct {
	CounterpartyID string            `json:"counterparty_id"`
	AmountCents    int64             `json:"amount_cents"`
	Direction      Direction         `json:"direction"`
	SECCode        string            `json:"sec_code"`
	Description    string            `json:"description"`
	EffectiveDate  string            `json:"effective_date,omitempty"`
	SameDay        bool              `json:"same_day,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

type Payment struct {
	ID             string    `json:"id"`
	Status         string    `json:"status"`
	CounterpartyID string    `json:"counterparty_id"`
	AmountCents    int64     `json:"amount_cents"`
	TraceNumber    string    `json:"trace_number"`
	CreatedAt      time.Time `json:"created_at"`
}

// CreatePayment originates a single ACH entry.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest, opts ...CallOption) (*Payment, error) {
	if req.SECCode == "" {
		req.SECCode = "CCD"
	}
	var out Payment
	if err := c.do(ctx, http.MethodPost, "/v1/payments", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) GetPayment(ctx context.Context, id string) (*Payment, error) {
	var out Payment
	if err := c.do(ctx, http.MethodGet, "/v1/payments/"+id, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
