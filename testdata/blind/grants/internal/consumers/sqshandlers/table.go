// Package sqshandlers maps event_type values on the events FIFO queue to
// service calls.
package sqshandlers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/civicfund/grants/internal/consumers/sqsloop"
	"github.com/civicfund/grants/internal/service"
)

// Deps are the services the handlers call.
type Deps struct {
	Ledger   service.LedgerService
	Pledges  service.PledgeService
	Receipts service.ReceiptService
	Payouts  service.PayoutService
	Matching service.MatchingService
	Donors   service.DonorService
}

// Table returns the dispatch table for the events queue.
func Table(d Deps) map[string]sqsloop.HandlerFunc {
	return map[string]sqsloop.HandlerFunc{
		service.EventDonationRecorded: decode(d.Ledger.PostDonation),
		service.EventInstallmentDue:   decode(d.Pledges.ChargeInstallment),
		service.EventReceiptRequested: decode(d.Receipts.SendAnnualReceipt),
		service.EventPayoutSettled:    decode(d.Payouts.MarkSettled),
		service.EventMatchRequested:   decode(d.Matching.ApplyMatch),
		service.EventDonorMerge:       decode(d.Donors.Merge),
	}
}

// decode adapts a typed service method to a queue handler.
func decode[T any](fn func(context.Context, T) error) sqsloop.HandlerFunc {
	return func(ctx context.Context, m sqsloop.Message) error {
		var v T
		if err := json.Unmarshal(m.Body, &v); err != nil {
			return fmt.Errorf("decode %s message %s: %w", m.EventType, m.ID, err)
		}
		return fn(ctx, v)
	}
}
