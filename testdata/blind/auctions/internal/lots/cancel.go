package lots

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/store"
)

// Cancel withdraws a lot. Sellers who withdraw a lot that already has bids
// pay a cancellation fee, and the bids are voided so bidders' activity
// pages no longer show them as leading.
func (s *service) Cancel(ctx context.Context, sellerID, lotID, reason string) error {
	lot, err := s.Lots.Get(ctx, s.DB, lotID)
	if err != nil {
		return err
	}
	if lot.SellerID != sellerID {
		return domain.ErrForbidden
	}
	if lot.Status == domain.LotCancelled {
		return fmt.Errorf("%w: lot already cancelled", domain.ErrConflict)
	}
	if lot.Status == domain.LotSold || lot.Status == domain.LotUnsold {
		return domain.ErrAlreadyClosed
	}

	if err := s.Lots.SetStatus(ctx, s.DB, lotID, domain.LotCancelled, reason); err != nil {
		return err
	}

	n, err := s.Bids.Count(ctx, s.DB, lotID)
	if err != nil {
		return err
	}
	if n > 0 {
		fee := store.Move("", domain.AcctSellerAvailable+":"+sellerID, domain.AcctPlatformFees,
			s.CancelFeeCents, "cancellation fee "+lotID)
		if err := s.Ledger.Append(ctx, s.DB, fee...); err != nil {
			return fmt.Errorf("charge cancellation fee: %w", err)
		}
		if _, err := s.Bids.VoidAll(ctx, s.DB, lotID); err != nil {
			return fmt.Errorf("void bids: %w", err)
		}
	}

	if err := s.Scheduler.CancelClose(ctx, lotID, reason); err != nil {
		logx.From(ctx).Warn("cancel close workflow", "lot", lotID, "err", err)
	}
	return nil
}
