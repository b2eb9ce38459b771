package quota

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

const (
	TransferCompleted = "completed"
)

// Transfer moves quota from one vessel's holding to another's. Transfers
// between owners are agreed off-platform; the registry records them and
// adjusts the holdings.
func (s *Service) Transfer(ctx context.Context, in ports.TransferInput) (*domain.QuotaTransfer, error) {
	if in.Reference == "" {
		return nil, fmt.Errorf("quota: transfer reference is required")
	}
	if existing, err := s.transfers.GetByReference(ctx, in.Reference); err == nil {
		return existing, nil
	} else if !errors.Is(err, ports.ErrNotFound) {
		return nil, err
	}

	seller, err := s.activeVessel(ctx, in.FromVesselID)
	if err != nil {
		return nil, err
	}
	buyer, err := s.activeVessel(ctx, in.ToVesselID)
	if err != nil {
		return nil, err
	}
	from, err := s.holdings.Find(ctx, seller.ID, in.Species, in.Area, in.Season)
	if err != nil {
		return nil, fmt.Errorf("quota: seller holding: %w", err)
	}

	// Take the quota off the seller first so that two transfers racing for
	// the same tonnage cannot both succeed.
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.holdings.Debit(ctx, from.ID, in.QuantityKg); err != nil {
			return err
		}
		return s.ledger.Append(ctx, &domain.QuotaLedgerEntry{
			HoldingID: from.ID, DeltaKg: -in.QuantityKg, Reason: "transfer_out", Reference: in.Reference,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("quota: reserve seller quota: %w", err)
	}

	t := &domain.QuotaTransfer{
		ID:           uuid.New(),
		Reference:    in.Reference,
		FromVesselID: seller.ID,
		ToVesselID:   buyer.ID,
		Species:      in.Species,
		Area:         in.Area,
		Season:       in.Season,
		QuantityKg:   in.QuantityKg,
		PriceMinor:   in.PriceMinor,
		Status:       TransferCompleted,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		to, err := s.holdings.Ensure(ctx, buyer.ID, in.Species, in.Area, in.Season)
		if err != nil {
			return err
		}
		if err := s.holdings.Credit(ctx, to.ID, in.QuantityKg); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, &domain.QuotaLedgerEntry{
			HoldingID: to.ID, DeltaKg: in.QuantityKg, Reason: "transfer_in", Reference: in.Reference,
		}); err != nil {
			return err
		}
		if err := s.transfers.Create(ctx, t); err != nil {
			return err
		}
		return s.queueTransferNotices(ctx, t, seller, buyer)
	})
	if err != nil {
		return nil, fmt.Errorf("quota: complete transfer %s: %w", in.Reference, err)
	}
	return t, nil
}

// queueTransferNotices writes the owner notifications to the outbox; it
// must run inside the transfer's unit of work.
func (s *Service) queueTransferNotices(ctx context.Context, t *domain.QuotaTransfer, seller, buyer *domain.Vessel) error {
	body := fmt.Sprintf("Quota transfer %s: %d kg %s/%s season %d from %s to %s recorded.",
		t.Reference, t.QuantityKg, t.Species, t.Area, t.Season, seller.RegistrationNo, buyer.RegistrationNo)
	for _, to := range []string{seller.OwnerPhone, buyer.OwnerPhone} {
		if to == "" {
			continue
		}
		if err := s.outbox.Add(ctx, tasks.TypeNotify, tasks.NotifyPayload{Channel: "sms", To: to, Body: body}); err != nil {
			return err
		}
	}
	return nil
}
