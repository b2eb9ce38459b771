// Package transfers moves copies between branches to fill holds. Staff
// actions go through the HTTP API; the heavier follow-up work runs in the
// transfer consumer off the FIFO queue.
package transfers

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/transferq"
	"github.com/shelfwise-labs/branchline/internal/store"
)

// Service implements the transfer workflow.
type Service struct {
	Tx        store.TxRunner
	Transfers store.TransferRepository
	Holds     store.HoldRepository
	Items     store.ItemRepository
	Branches  store.BranchRepository
	Picks     store.PickTaskRepository
	Movements store.MovementRepository
	Inbox     store.InboxRepository
	Publisher transferq.Publisher
	Log       *slog.Logger

	NewID ids.Generator
	Now   clock.Func
}

// RequestInput routes a specific copy to a hold's pickup branch.
type RequestInput struct {
	HoldID string
	ItemID string
}

// Request creates the transfer for a hold and puts it on the queue. A hold
// has one transfer; asking again returns the existing one.
func (s *Service) Request(ctx context.Context, in RequestInput) (domain.Transfer, error) {
	hold, err := s.Holds.Get(ctx, in.HoldID)
	if err != nil {
		return domain.Transfer{}, err
	}
	item, _, err := s.Items.Get(ctx, in.ItemID)
	if err != nil {
		return domain.Transfer{}, err
	}
	if item.TitleID != hold.TitleID {
		return domain.Transfer{}, fmt.Errorf("%w: item %s is not a copy of %s", domain.ErrValidation, item.ID, hold.TitleID)
	}
	if item.BranchID == hold.PickupBranchID {
		return domain.Transfer{}, fmt.Errorf("%w: item is already at the pickup branch", domain.ErrValidation)
	}

	t := domain.Transfer{
		ID:           s.NewID(),
		HoldID:       hold.ID,
		ItemID:       item.ID,
		FromBranchID: item.BranchID,
		ToBranchID:   hold.PickupBranchID,
		Status:       domain.TransferRequested,
		RequestedAt:  s.Now(),
	}
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		var created bool
		var err error
		t, created, err = s.Transfers.Create(ctx, tx, t)
		if err != nil || !created {
			return err
		}
		return s.Holds.MarkInTransit(ctx, tx, hold.ID, item.ID)
	})
	if err != nil {
		return domain.Transfer{}, err
	}
	if t.Status != domain.TransferRequested {
		return t, nil
	}
	if err := s.publish(ctx, domain.MsgTransferRequested, t.FromBranchID, t); err != nil {
		return domain.Transfer{}, err
	}
	return t, nil
}

// Ship is scanned at the sending branch when the copy goes on the van.
func (s *Service) Ship(ctx context.Context, id string) (domain.Transfer, error) {
	t, err := s.Transfers.Get(ctx, id)
	if err != nil {
		return t, err
	}
	switch t.Status {
	case domain.TransferRequested, domain.TransferShipped:
	default:
		return t, fmt.Errorf("transfer %s is %s: %w", id, t.Status, domain.ErrInvalidState)
	}
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		moved, err := s.Transfers.MarkShipped(ctx, tx, id, s.Now())
		if err != nil || !moved {
			return err
		}
		return s.Items.MoveTo(ctx, tx, t.ItemID, t.FromBranchID, "in_transit")
	})
	if err != nil {
		return t, err
	}
	t.Status = domain.TransferShipped
	return t, s.publish(ctx, domain.MsgTransferShipped, t.ToBranchID, t)
}

// Receive is scanned at the pickup branch when the copy comes off the van.
func (s *Service) Receive(ctx context.Context, id string) (domain.Transfer, error) {
	now := s.Now()
	var (
		t       domain.Transfer
		already bool
	)
	err := s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		var moved bool
		var err error
		t, moved, err = s.Transfers.MarkReceived(ctx, tx, id, now)
		if err != nil {
			return err
		}
		if !moved {
			if t.Status == domain.TransferReceived {
				already = true
				return nil
			}
			return fmt.Errorf("transfer %s is %s: %w", id, t.Status, domain.ErrInvalidState)
		}
		if err := s.Items.MoveTo(ctx, tx, t.ItemID, t.ToBranchID, "hold_shelf"); err != nil {
			return err
		}
		if err := s.Branches.IncrementOnHand(ctx, t.ToBranchID, 1); err != nil {
			return fmt.Errorf("on-hand count: %w", err)
		}
		if err := s.Branches.AdjustInbound(ctx, tx, t.ToBranchID, -1); err != nil {
			return err
		}
		if err := s.Movements.Insert(ctx, tx, domain.Movement{
			ID: s.NewID(), ItemID: t.ItemID, FromBranchID: t.FromBranchID,
			ToBranchID: t.ToBranchID, Kind: "received", RecordedAt: now,
		}); err != nil {
			return err
		}
		// Publish before commit so a failed send rolls the scan back and
		// the desk scans again.
		return s.publish(ctx, domain.MsgTransferArrived, t.ToBranchID, t)
	})
	if err != nil {
		return t, err
	}
	if already {
		// Scanned twice: make sure the arrival went out. The queue drops
		// the copy if the first one did.
		return t, s.publish(ctx, domain.MsgTransferArrived, t.ToBranchID, t)
	}
	return t, nil
}

// Cancel recalls a transfer. The bookkeeping happens in the consumer.
func (s *Service) Cancel(ctx context.Context, id string) error {
	t, err := s.Transfers.Get(ctx, id)
	if err != nil {
		return err
	}
	if t.Status == domain.TransferReceived {
		return fmt.Errorf("transfer %s already received: %w", id, domain.ErrInvalidState)
	}
	return s.publish(ctx, domain.MsgTransferCancelled, t.FromBranchID, t)
}

// publish sends a transfer message. The dedup id is the message kind plus
// the transfer id, so re-sending the same step inside the FIFO window is
// dropped by SQS.
func (s *Service) publish(ctx context.Context, kind, group string, t domain.Transfer) error {
	_, err := s.Publisher.Publish(ctx, transferq.Outgoing{
		Type:    kind,
		GroupID: "branch-" + group,
		DedupID: kind + ":" + t.ID,
		Body: domain.TransferMessage{
			TransferID:   t.ID,
			HoldID:       t.HoldID,
			ItemID:       t.ItemID,
			FromBranchID: t.FromBranchID,
			ToBranchID:   t.ToBranchID,
			OccurredAt:   s.Now(),
		},
	})
	return err
}
