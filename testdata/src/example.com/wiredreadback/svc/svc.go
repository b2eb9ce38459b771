// Package svc reverses payouts: it records the reversal, reads it back,
// and asks the bank unless it is done.
package svc

import (
	"context"

	"example.com/wiredreadback/bank"
	"example.com/wiredreadback/store"
)

// Bank reverses transfers.
type Bank interface {
	Reverse(ctx context.Context, in bank.ReversalInput) error
}

// Service reverses payouts.
type Service struct {
	Store *store.Store
	Bank  Bank
}

// Reverse asks the bank without the reversal's ID as its key: a retry
// after the bank reversed the transfer, and before MarkDone, finds the
// reversal requested still and asks again.
func (s *Service) Reverse(ctx context.Context, payout string) error {
	if err := s.Store.InsertReversal(ctx, "rev-"+payout, payout); err != nil {
		return err
	}
	r, err := s.Store.ReversalOf(ctx, payout)
	if err != nil || r.Status != "requested" {
		return err
	}
	if err := s.Bank.Reverse(ctx, bank.ReversalInput{TransferID: payout, Cents: 100}); err != nil {
		return err
	}
	return s.Store.MarkDone(ctx, r.ID)
}

// ReverseKeyed asks the bank under the reversal's ID.
func (s *Service) ReverseKeyed(ctx context.Context, payout string) error {
	if err := s.Store.InsertReversal(ctx, "rev-"+payout, payout); err != nil {
		return err
	}
	r, err := s.Store.ReversalOf(ctx, payout)
	if err != nil || r.Status != "requested" {
		return err
	}
	if err := s.Bank.Reverse(ctx, bank.ReversalInput{TransferID: payout, Cents: 100, IdempotencyKey: r.ID}); err != nil {
		return err
	}
	return s.Store.MarkDone(ctx, r.ID)
}
