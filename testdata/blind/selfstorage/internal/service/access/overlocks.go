package access

import (
	"context"
	"errors"
	"fmt"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/provider/gatelink"
	"github.com/baywarden/storagedesk/internal/service/notify"
)

// PlaceOverlock is the manager's manual overlock.
func (s *service) PlaceOverlock(ctx context.Context, unitID, reason, placedBy string) (*domain.Overlock, error) {
	r, err := s.rentals.OpenRentalForUnit(ctx, unitID)
	if err != nil {
		return nil, err
	}
	uc, err := s.unitContext(ctx, unitID)
	if err != nil {
		return nil, err
	}
	var o *domain.Overlock
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var created bool
		o, created, err = s.store.PlaceOverlock(ctx, domain.Overlock{
			ID:       ids.New("olk"),
			UnitID:   unitID,
			RentalID: r.ID,
			Reason:   reason,
			PlacedBy: placedBy,
		})
		if err != nil || !created {
			return err
		}
		if err := s.rentals.SetUnitStatus(ctx, unitID, domain.UnitOverlocked); err != nil {
			return err
		}
		_, err = s.rentals.TransitionRental(ctx, r.ID,
			[]domain.RentalStatus{domain.RentalActive, domain.RentalDelinquent}, domain.RentalOverlocked)
		return err
	})
	if err != nil {
		return nil, err
	}
	if o.PartnerLockoutID == nil {
		lk, err := s.gate.Lockout(ctx, gatelink.LockoutRequest{
			SiteID: uc.facility.GateSiteID,
			DoorID: uc.doorID(),
			Reason: reason,
		}, "overlock-"+o.ID)
		if err != nil {
			return nil, fmt.Errorf("gate lockout: %w", err)
		}
		if err := s.store.SetLockoutID(ctx, o.ID, lk.ID); err != nil {
			return nil, err
		}
		o.PartnerLockoutID = &lk.ID
	}
	if err := s.noticeOverlock(ctx, r, uc, "overlock:"+o.ID); err != nil {
		s.log.WarnContext(ctx, "queue overlock notice", "overlock", o.ID, "err", err)
	}
	return o, nil
}

func (s *service) noticeOverlock(ctx context.Context, r *domain.Rental, uc *unitContext, key string) error {
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	return s.notifier.Queue(ctx, notify.Notice{
		Key:       key,
		RentalID:  r.ID,
		Template:  "overlock_placed",
		Recipient: cust.Phone,
		Vars: map[string]string{
			"facility": uc.facility.Name,
			"unit":     uc.unit.Label,
			"balance":  domain.Money(r.BalanceCents),
		},
	})
}

// ReleaseOverlock removes the overlock on a unit.
func (s *service) ReleaseOverlock(ctx context.Context, unitID, releasedBy string) (*domain.Overlock, error) {
	uc, err := s.unitContext(ctx, unitID)
	if err != nil {
		return nil, err
	}
	var o *domain.Overlock
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		o, err = s.store.ReleaseOverlock(ctx, unitID)
		if err != nil {
			return err
		}
		if err := s.rentals.SetUnitStatus(ctx, unitID, domain.UnitOccupied); err != nil {
			return err
		}
		_, err = s.rentals.TransitionRental(ctx, o.RentalID,
			[]domain.RentalStatus{domain.RentalOverlocked}, domain.RentalActive)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		o, err = s.store.LastReleasedOverlock(ctx, unitID)
	}
	if err != nil {
		return nil, err
	}
	if o.PartnerLockoutID != nil {
		if err := s.gate.ReleaseLockout(ctx, uc.facility.GateSiteID, *o.PartnerLockoutID); err != nil {
			return nil, fmt.Errorf("gate release: %w", err)
		}
	}
	s.log.InfoContext(ctx, "overlock released", "unit", unitID, "overlock", o.ID, "by", releasedBy)
	return o, nil
}

// OverlockDelinquent is run by the delinquency worker for rentals past the
// overlock threshold.
func (s *service) OverlockDelinquent(ctx context.Context, rentalID, invoiceID string) error {
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return err
	}
	if r.Status != domain.RentalDelinquent {
		s.log.InfoContext(ctx, "rental no longer delinquent", "rental", r.ID, "status", r.Status)
		return nil
	}
	uc, err := s.unitContext(ctx, r.UnitID)
	if err != nil {
		return err
	}
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}

	lk, err := s.gate.Lockout(ctx, gatelink.LockoutRequest{
		SiteID: uc.facility.GateSiteID,
		DoorID: uc.doorID(),
		Reason: "delinquent",
	}, "auto-overlock-"+r.ID+"-"+invoiceID)
	if err != nil {
		return fmt.Errorf("gate lockout: %w", err)
	}

	body, err := notify.Render("overlock_placed", map[string]string{
		"facility": uc.facility.Name,
		"unit":     uc.unit.Label,
		"balance":  domain.Money(r.BalanceCents),
	})
	if err != nil {
		return err
	}
	if _, err := s.sms.Send(ctx, cust.Phone, body); err != nil {
		return fmt.Errorf("overlock sms: %w", err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		o, _, err := s.store.PlaceOverlock(ctx, domain.Overlock{
			ID:       ids.New("olk"),
			UnitID:   r.UnitID,
			RentalID: r.ID,
			Reason:   "delinquent:" + invoiceID,
			PlacedBy: "system",
		})
		if err != nil {
			return err
		}
		if err := s.store.SetLockoutID(ctx, o.ID, lk.ID); err != nil {
			return err
		}
		if err := s.rentals.SetUnitStatus(ctx, r.UnitID, domain.UnitOverlocked); err != nil {
			return err
		}
		_, err = s.rentals.TransitionRental(ctx, r.ID,
			[]domain.RentalStatus{domain.RentalDelinquent}, domain.RentalOverlocked)
		return err
	})
}
