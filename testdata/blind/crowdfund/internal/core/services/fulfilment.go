package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

// Warehouse is the ship-from address of the fulfilment centre.
type Warehouse ports.Address

type Fulfilment struct {
	repos     ports.Repos
	uow       ports.UnitOfWork
	carrier   ports.CarrierGateway
	warehouse ports.Address
	clock     ports.Clock
	log       *slog.Logger
}

func NewFulfilment(repos ports.Repos, uow ports.UnitOfWork, carrier ports.CarrierGateway, wh Warehouse, clock ports.Clock, log *slog.Logger) *Fulfilment {
	return &Fulfilment{
		repos:     repos,
		uow:       uow,
		carrier:   carrier,
		warehouse: ports.Address(wh),
		clock:     clock,
		log:       log.With("svc", "fulfilment"),
	}
}

var standardParcel = ports.Parcel{WeightGrams: 1200, LengthMM: 300, WidthMM: 220, HeightMM: 120}

func toCarrierAddress(a domain.ShippingAddress) ports.Address {
	return ports.Address{
		Name:       a.Name,
		Line1:      a.Line1,
		Line2:      a.Line2,
		City:       a.City,
		Region:     a.Region,
		PostalCode: a.PostalCode,
		Country:    a.Country,
		Phone:      a.Phone,
	}
}

// Start schedules shipment bookings for every captured pledge of a funded
// campaign, and a collection on pickupDate.
func (s *Fulfilment) Start(ctx context.Context, campaignID string, pickupDate time.Time, opts ...ports.Option) (int, error) {
	o := ports.Collect(opts)
	var n int
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		c, err := r.Campaigns().Get(ctx, campaignID)
		if err != nil {
			return err
		}
		if err := ownsCampaign(o.Actor, c); err != nil {
			return err
		}
		if c.Status != domain.CampaignSucceeded {
			return &domain.StateError{Entity: "campaign", State: string(c.Status), Want: string(domain.CampaignSucceeded)}
		}
		pledges, err := r.Pledges().ListCapturedByCampaign(ctx, c.ID)
		if err != nil {
			return err
		}
		for _, p := range pledges {
			if err := r.Jobs().Enqueue(ctx, ports.BookShipmentArgs{PledgeID: p.ID}, ports.UniqueByArgs()); err != nil {
				return err
			}
			n++
		}
		day := pickupDate.UTC().Truncate(24 * time.Hour)
		return r.Jobs().Enqueue(ctx,
			ports.SchedulePickupArgs{CampaignID: c.ID, Date: day.Format(time.DateOnly)},
			ports.UniqueByArgs(),
			ports.RunAt(day.Add(-18*time.Hour)),
		)
	})
	return n, err
}

// Book buys the outbound label for one pledge's reward.
func (s *Fulfilment) Book(ctx context.Context, pledgeID string) error {
	if _, err := s.repos.Shipments().GetByPledge(ctx, pledgeID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	if p.TierID == "" {
		return nil
	}
	tier, err := s.repos.Tiers().Get(ctx, p.TierID)
	if err != nil {
		return err
	}
	if !tier.RequiresShip {
		return nil
	}
	addr, err := s.repos.Addresses().Get(ctx, p.ID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "no shipping address; skipping", "pledge_id", p.ID)
		return nil
	}
	if err != nil {
		return err
	}

	booking, err := s.carrier.BookShipment(ctx, ports.ShipmentRequest{
		Reference: p.ID,
		From:      s.warehouse,
		To:        toCarrierAddress(addr),
		Parcel:    standardParcel,
		Service:   "standard",
	}, ports.WithIdempotency("shipment-"+p.ID))
	if err != nil {
		return fmt.Errorf("book shipment for pledge %s: %w", p.ID, err)
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		created, err := r.Shipments().Create(ctx, domain.Shipment{
			ID:                uuid.NewString(),
			PledgeID:          p.ID,
			CampaignID:        p.CampaignID,
			CarrierShipmentID: booking.ShipmentID,
			TrackingNumber:    booking.TrackingNumber,
			LabelURL:          booking.LabelURL,
			Status:            domain.ShipmentBooked,
		})
		if err != nil || !created {
			return err
		}
		email, err := r.Backers().Email(ctx, p.BackerID)
		if err != nil {
			return err
		}
		return queueNotification(ctx, r, domain.TplShipped, p.ID, email, map[string]string{
			"tracking_number": booking.TrackingNumber,
			"tier":            tier.Title,
		})
	})
}

// SchedulePickup asks the carrier to collect every booked parcel of the
// campaign on date.
func (s *Fulfilment) SchedulePickup(ctx context.Context, campaignID string, date time.Time) error {
	parcels, err := s.repos.Shipments().CountAwaitingPickup(ctx, campaignID)
	if err != nil {
		return err
	}
	if parcels == 0 {
		return nil
	}

	conf, err := s.carrier.SchedulePickup(ctx, ports.PickupRequest{
		Date:     date,
		Address:  s.warehouse,
		Parcels:  parcels,
		Contact:  s.warehouse.Phone,
		Comments: "BrightFund campaign " + campaignID,
	})
	if err != nil {
		return fmt.Errorf("schedule pickup for %s: %w", campaignID, err)
	}

	pickupID := uuid.NewString()
	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Shipments().CreatePickup(ctx, domain.Pickup{
			ID:              pickupID,
			CampaignID:      campaignID,
			CarrierPickupID: conf.ID,
			PickupDate:      date,
			Parcels:         parcels,
		}); err != nil {
			return err
		}
		return r.Shipments().AssignPickup(ctx, campaignID, pickupID)
	})
}

// RequestReturn issues a prepaid return label for a delivered reward.
func (s *Fulfilment) RequestReturn(ctx context.Context, pledgeID, reason string, opts ...ports.Option) (domain.Shipment, error) {
	o := ports.Collect(opts)
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return domain.Shipment{}, err
	}
	if err := ownsPledge(o.Actor, p); err != nil {
		return domain.Shipment{}, err
	}
	sh, err := s.repos.Shipments().GetByPledge(ctx, p.ID)
	if err != nil {
		return domain.Shipment{}, err
	}
	if sh.ReturnLabelID != "" {
		return sh, nil
	}
	if sh.Status != domain.ShipmentDelivered {
		return domain.Shipment{}, &domain.StateError{Entity: "shipment", State: string(sh.Status), Want: string(domain.ShipmentDelivered)}
	}
	addr, err := s.repos.Addresses().Get(ctx, p.ID)
	if err != nil {
		return domain.Shipment{}, err
	}

	label, err := s.carrier.CreateReturnLabel(ctx, ports.ReturnRequest{
		ShipmentID: sh.CarrierShipmentID,
		From:       toCarrierAddress(addr),
		Reason:     reason,
	})
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("create return label: %w", err)
	}
	if err := s.repos.Shipments().SetReturnLabel(ctx, sh.ID, label.ID, label.URL); err != nil {
		return domain.Shipment{}, err
	}
	sh.ReturnLabelID = label.ID
	sh.ReturnLabelURL = label.URL
	return sh, nil
}
