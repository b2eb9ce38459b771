// Package inspections implements importer-requested inspections and the
// handling of inspection-partner events.
package inspections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"go.uber.org/fx"
	"gorm.io/gorm"

	partner "github.com/harborline/brokerage/internal/clients/inspections"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/notify"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/billing"
	"github.com/harborline/brokerage/internal/service/svcerr"
)

// Service is the inspections use-case boundary.
type Service interface {
	RequestVoluntary(ctx context.Context, importerID, shipmentID string, in VoluntaryInput) (*domain.Inspection, error)
	OnScheduled(ctx context.Context, evt partner.Event) error
	OnCompleted(ctx context.Context, evt partner.Event) error
	OnCancelled(ctx context.Context, evt partner.Event) error
}

// VoluntaryInput is the body of POST /v1/shipments/:id/inspections.
type VoluntaryInput struct {
	Kind  string `json:"kind" binding:"required,oneof=physical documentary scan"`
	Notes string `json:"notes" binding:"max=1000"`
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx          repository.Transactor
	Shipments   repository.ShipmentRepository
	Inspections repository.InspectionRepository
	Billing     repository.BillingRepository
	Importers   repository.ImporterRepository
	Partner     partner.Partner
	Publisher   notify.Publisher
	Log         *slog.Logger
}

type service struct{ Deps }

// New returns the inspections service.
func New(d Deps) *service { return &service{Deps: d} }

// noShowFeeCents is billed when the importer's haulier misses a slot.
const noShowFeeCents = 9500

// RequestVoluntary books a pre-arrival inspection the importer asked for.
// The inspection row, keyed by shipment and kind, is committed before the
// partner is called and its client reference is the partner's dedup key.
func (s *service) RequestVoluntary(ctx context.Context, importerID, shipmentID string, in VoluntaryInput) (*domain.Inspection, error) {
	sh, err := s.Shipments.GetForImporter(ctx, importerID, shipmentID)
	if err != nil {
		return nil, svcerr.FromRepo(err)
	}
	kind := "voluntary_" + in.Kind
	insp, err := s.Inspections.EnsureInspection(ctx, &domain.Inspection{
		ID:              ids.Derive(ids.Inspection, sh.ID, kind),
		ShipmentID:      sh.ID,
		Kind:            kind,
		ClientReference: ids.Derive("cref", sh.ID, kind),
		Status:          "requested",
		RequestedBy:     importerID,
	})
	if err != nil {
		return nil, err
	}
	if insp.PartnerBookingID != nil {
		return insp, nil
	}

	contactEmail := ""
	if c, err := s.Importers.GetContact(ctx, importerID); err == nil {
		contactEmail = c.Email
	}
	booking, err := s.Partner.Book(ctx, partner.BookingRequest{
		ClientReference: insp.ClientReference,
		Kind:            in.Kind,
		PortCode:        sh.PortOfEntry,
		ShipmentRef:     sh.Reference,
		TransportDoc:    deref(sh.BillOfLading),
		ContactEmail:    contactEmail,
		Notes:           in.Notes,
	})
	if err != nil {
		return nil, fmt.Errorf("book inspection: %w", err)
	}
	if err := s.Inspections.SetBooking(ctx, insp.ID, booking.ID, "booked"); err != nil {
		return nil, err
	}
	insp.PartnerBookingID = &booking.ID
	insp.Status = "booked"
	return insp, nil
}

// OnScheduled stores the partner's confirmed slot.
func (s *service) OnScheduled(ctx context.Context, evt partner.Event) error {
	insp, err := s.Inspections.GetByClientReference(ctx, evt.ClientReference)
	if err != nil {
		return err
	}
	return s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		ir := s.Inspections.WithTx(tx)
		slot := &domain.InspectionSlot{
			PartnerBookingID: evt.BookingID,
			InspectionID:     insp.ID,
			FacilityCode:     evt.FacilityCode,
			StartsAt:         evt.StartsAt,
			EndsAt:           evt.EndsAt,
		}
		if evt.InspectorName != "" {
			slot.InspectorName = &evt.InspectorName
		}
		if err := ir.CreateSlot(ctx, slot); err != nil {
			return err
		}
		return ir.SetBooking(ctx, insp.ID, evt.BookingID, "scheduled")
	})
}

// OnCompleted records the inspection result and bills the partner's fee.
func (s *service) OnCompleted(ctx context.Context, evt partner.Event) error {
	insp, err := s.Inspections.GetByBookingID(ctx, evt.BookingID)
	if err != nil {
		return err
	}
	sh, err := s.Shipments.Get(ctx, insp.ShipmentID)
	if err != nil {
		return err
	}
	fee := billing.NewLineItem(sh.ImporterID, "inspection_fee",
		fmt.Sprintf("Inspection %s at %s (%s)", evt.BookingID, sh.PortOfEntry, evt.Result),
		billing.WithMarkup(evt.FeeCents),
		billing.ForShipment(sh.ID),
		billing.InPeriod(evt.OccurredAt),
	)
	return s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		if err := s.Inspections.WithTx(tx).Complete(ctx, insp.ID, evt.Result, evt.OccurredAt); err != nil {
			return err
		}
		br := s.Billing.WithTx(tx)
		if err := br.AddLineItem(ctx, fee); err != nil {
			return err
		}
		return br.IncrementUsage(ctx, sh.ImporterID, fee.Period, repository.UsageInspections)
	})
}

// OnCancelled marks the inspection cancelled, bills a no-show fee when the
// partner reports one, and tells the importer.
func (s *service) OnCancelled(ctx context.Context, evt partner.Event) error {
	insp, err := s.Inspections.GetByBookingID(ctx, evt.BookingID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	sh, err := s.Shipments.Get(ctx, insp.ShipmentID)
	if err != nil {
		return err
	}
	err = s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		if _, err := s.Inspections.WithTx(tx).CancelByBooking(ctx, evt.BookingID); err != nil {
			return err
		}
		if evt.Reason != "no_show" {
			return nil
		}
		_, err := s.Billing.WithTx(tx).AddLineItemOnce(ctx, billing.NewLineItem(sh.ImporterID, "inspection_no_show",
			"Missed inspection slot "+evt.BookingID, noShowFeeCents,
			billing.WithKey(evt.BookingID, "no_show"),
			billing.ForShipment(sh.ID),
			billing.InPeriod(evt.OccurredAt),
		))
		return err
	})
	if err != nil {
		return err
	}
	return s.Publisher.NotifyImporter(ctx, notify.For(sh.ImporterID, "inspection.cancelled").
		Subject("Inspection cancelled").
		Shipment(sh.ID).
		With("booking", evt.BookingID).
		With("reason", evt.Reason).
		DedupKey("inspection-cancelled:"+evt.EventID).
		Build())
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
