package transfers

import (
	"context"
	"database/sql"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/dedup"
)

// OnRequested puts the copy on the sending branch's pull list.
func (s *Service) OnRequested(ctx context.Context, msgID string, m domain.TransferMessage) error {
	_, shelf, err := s.Items.Get(ctx, m.ItemID)
	if err != nil {
		return err
	}
	return s.Picks.Create(ctx, domain.PickTask{
		TransferID:    m.TransferID,
		BranchID:      m.FromBranchID,
		ItemID:        m.ItemID,
		ShelfLocation: shelf,
		CreatedAt:     s.Now(),
	})
}

// OnShipped tells the pickup branch a copy is on its way.
func (s *Service) OnShipped(ctx context.Context, msgID string, m domain.TransferMessage) error {
	return dedup.Once(ctx, s.Inbox, msgID, domain.MsgTransferShipped, func(ctx context.Context) error {
		return s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
			if err := s.Branches.AdjustInbound(ctx, tx, m.ToBranchID, 1); err != nil {
				return err
			}
			return s.Movements.Insert(ctx, tx, domain.Movement{
				ID: s.NewID(), ItemID: m.ItemID, FromBranchID: m.FromBranchID,
				ToBranchID: m.ToBranchID, Kind: "shipped", RecordedAt: m.OccurredAt,
			})
		})
	})
}

// OnCancelled unwinds a transfer that was recalled.
func (s *Service) OnCancelled(ctx context.Context, msgID string, m domain.TransferMessage) error {
	return s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		claimed, err := s.Inbox.Claim(ctx, tx, msgID, domain.MsgTransferCancelled)
		if err != nil || !claimed {
			return err
		}
		t, err := s.Transfers.Get(ctx, m.TransferID)
		if err != nil {
			return err
		}
		cancelled, err := s.Transfers.Cancel(ctx, tx, m.TransferID, s.Now())
		if err != nil || !cancelled {
			return err
		}
		if t.Status == domain.TransferShipped {
			if err := s.Branches.AdjustInbound(ctx, tx, m.ToBranchID, -1); err != nil {
				return err
			}
		}
		return s.Movements.Insert(ctx, tx, domain.Movement{
			ID: s.NewID(), ItemID: m.ItemID, FromBranchID: m.ToBranchID,
			ToBranchID: m.FromBranchID, Kind: "recalled", RecordedAt: s.Now(),
		})
	})
}
