// Package xsettle settles refunds with a partner, which drops a repeated
// request by the transaction reference its client assigns.
package xsettle

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/rs/xid"
)

// A Refund is a completed refund, as its event carries it.
type Refund struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

type refundBody struct {
	ClientTransactionRef string `json:"clientTransactionRef"`
	Amount               int64  `json:"amount"`
}

// Settler files refunds with the partner.
type Settler struct{ HC *http.Client }

// Settle files the refund under a reference of its own.
func (s *Settler) Settle(ctx context.Context, r Refund) error {
	return s.post(ctx, refundBody{ClientTransactionRef: xid.New().String(), Amount: r.Amount})
}

// SettleOnce files the refund under the refund's own ID.
func (s *Settler) SettleOnce(ctx context.Context, r Refund) error {
	return s.post(ctx, refundBody{ClientTransactionRef: "refund-" + r.ID, Amount: r.Amount})
}

func (s *Settler) post(ctx context.Context, body refundBody) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/refunds", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
