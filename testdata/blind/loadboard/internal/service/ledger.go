package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
)

// LedgerService posts settled payouts to the carrier's statement.
type LedgerService struct {
	loads  LoadStore
	ledger LedgerStore
	now    NowFunc
	newID  NewIDFunc
}

func NewLedgerService(loads LoadStore, ledger LedgerStore) *LedgerService {
	return &LedgerService{loads: loads, ledger: ledger, now: time.Now, newID: uuid.NewString}
}

// PostPayout closes the load as paid and writes the statement lines for the
// payout: linehaul earned, quick-pay fee and the disbursement itself.
func (s *LedgerService) PostPayout(ctx context.Context, evt events.PayoutSettled) error {
	moved, err := s.loads.Transition(ctx, evt.LoadID, domain.LoadPaid, domain.LoadDelivered)
	if err != nil {
		return err
	}
	if !moved {
		// Already closed out by an earlier delivery of this event.
		return nil
	}
	now := s.now().UTC()
	entry := func(t domain.LedgerEntryType, amount int64, memo string) domain.LedgerEntry {
		return domain.LedgerEntry{
			ID:          s.newID(),
			CarrierID:   evt.CarrierID,
			LoadID:      evt.LoadID,
			PayoutID:    evt.PayoutID,
			Type:        t,
			AmountCents: amount,
			Memo:        memo,
			CreatedAt:   now,
		}
	}
	return s.ledger.Append(ctx,
		entry(domain.LedgerLinehaul, evt.GrossCents, "Linehaul and accessorials"),
		entry(domain.LedgerQuickPayFee, -evt.FeeCents, "Quick-pay fee"),
		entry(domain.LedgerPayout, -evt.NetCents, "Paid via quick-pay"),
	)
}
