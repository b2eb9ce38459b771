package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
)

// HoldService places and releases supplier holds and applies the
// supplier's callbacks.
type HoldService struct {
	tx         db.Transactor
	bookings   BookingStore
	departures DepartureStore
	holds      HoldStore
	gateway    SupplierGateway
	log        *slog.Logger

	newID func() string
}

// NewHoldService constructs a HoldService.
func NewHoldService(tx db.Transactor, bookings BookingStore, departures DepartureStore, holds HoldStore,
	gateway SupplierGateway, log *slog.Logger) *HoldService {
	return &HoldService{
		tx: tx, bookings: bookings, departures: departures, holds: holds, gateway: gateway, log: log,
		newID: ids.Hold,
	}
}

// PlaceForBooking places a hold at every supplier on the booking's
// departure. Lines that already hold inventory are skipped, so the task can
// be retried until every supplier has answered.
func (s *HoldService) PlaceForBooking(ctx context.Context, bookingID string) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if !b.IsActive() {
		s.log.InfoContext(ctx, "skipping holds for inactive booking", "booking_id", b.ID, "status", b.Status)
		return nil
	}
	lines, err := s.departures.Services(ctx, b.DepartureID)
	if err != nil {
		return err
	}
	var errs []error
	for _, line := range lines {
		h, err := s.holds.Ensure(ctx, &domain.SupplierHold{
			ID:          s.newID(),
			BookingID:   b.ID,
			DepartureID: b.DepartureID,
			SupplierID:  line.SupplierID,
			PartnerCode: line.PartnerCode,
			Kind:        line.Kind,
			ServiceDate: line.ServiceDate,
			Nights:      line.Nights,
			Quantity:    line.UnitsFor(b.Pax),
			Status:      domain.HoldRequested,
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if h.Status != domain.HoldRequested && h.Status != domain.HoldFailed {
			continue
		}
		res, err := s.gateway.PlaceHold(ctx, supplierapi.HoldRequest{
			PartnerCode: h.PartnerCode,
			ServiceKind: string(h.Kind),
			ServiceDate: h.ServiceDate.Format("2006-01-02"),
			Nights:      h.Nights,
			Quantity:    h.Quantity,
			BookingRef:  b.Reference,
			LeadName:    b.LeadName,
		})
		if errors.Is(err, supplierapi.ErrRejected) {
			s.log.WarnContext(ctx, "supplier rejected hold", "hold_id", h.ID, "partner", h.PartnerCode, "err", err)
			if mErr := s.holds.MarkFailed(ctx, h.ID, err.Error()); mErr != nil {
				errs = append(errs, mErr)
			}
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("hold %s at %s: %w", h.ID, h.PartnerCode, err))
			continue
		}
		expires := res.ExpiresAt
		if err := s.holds.MarkPlaced(ctx, h.ID, res.Reference, &expires); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// ListForBooking returns a booking's holds.
func (s *HoldService) ListForBooking(ctx context.Context, bookingID string) ([]domain.SupplierHold, error) {
	return s.holds.ListByBooking(ctx, bookingID)
}

// Release lets a single hold go at the supplier and marks it released.
// Releasing twice is harmless: the gateway treats an unknown reference as
// already released and the row update is conditional.
func (s *HoldService) Release(ctx context.Context, holdID string) (*domain.SupplierHold, error) {
	h, err := s.holds.Get(ctx, holdID)
	if err != nil {
		return nil, err
	}
	if h.Status == domain.HoldReleased {
		return h, nil
	}
	if ref := h.Ref(); ref != "" {
		if err := s.gateway.ReleaseHold(ctx, h.PartnerCode, ref); err != nil {
			return nil, fmt.Errorf("release hold %s at %s: %w", h.ID, h.PartnerCode, err)
		}
	}
	if _, err := s.holds.MarkReleased(ctx, h.ID); err != nil {
		return nil, err
	}
	return s.holds.Get(ctx, h.ID)
}

// ReleaseForBooking releases every hold of a booking.
func (s *HoldService) ReleaseForBooking(ctx context.Context, bookingID string) error {
	holds, err := s.holds.ListByBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	var errs []error
	for _, h := range holds {
		if h.Status == domain.HoldReleased {
			continue
		}
		if _, err := s.Release(ctx, h.ID); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Supplier event types.
const (
	EventHoldConfirmed = "hold.confirmed"
	EventHoldExpired   = "hold.expired"
)

// ApplyEvent applies a partner-gateway callback.
func (s *HoldService) ApplyEvent(ctx context.Context, ev *supplierapi.Event) error {
	var data supplierapi.HoldEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return domain.Invalid("data", "malformed hold event")
	}
	switch ev.Type {
	case EventHoldConfirmed:
		return s.tx.Tx(ctx, func(ctx context.Context) error {
			h, err := s.holds.ConfirmByRef(ctx, ev.PartnerCode, data.Reference)
			if err != nil {
				return err
			}
			if h.Kind != domain.ServiceHotel {
				return nil
			}
			qty := data.Quantity
			if qty == 0 {
				qty = h.Quantity
			}
			return s.departures.AddConfirmedRooms(ctx, h.DepartureID, qty)
		})
	case EventHoldExpired:
		changed, err := s.holds.ExpireByRef(ctx, ev.PartnerCode, data.Reference)
		if err != nil {
			return err
		}
		if changed {
			s.log.WarnContext(ctx, "supplier let a hold expire", "partner", ev.PartnerCode, "ref", data.Reference)
		}
		return nil
	default:
		s.log.InfoContext(ctx, "ignoring supplier event", "type", ev.Type, "event_id", ev.ID)
		return nil
	}
}
