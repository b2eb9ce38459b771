package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/ids"
	"github.com/ironbridge-metals/yardops/internal/provider/haulnet"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/retry"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// DispatchService books trucks for scheduled loads and applies what the
// mills send back about them.
type DispatchService struct {
	store   store.Store
	carrier Carrier
	logger  *slog.Logger

	// equipmentFor picks the trailer type for a material grade.
	equipmentFor func(material string) string
}

func NewDispatchService(st store.Store, carrier Carrier, logger *slog.Logger) *DispatchService {
	return &DispatchService{
		store:        st,
		carrier:      carrier,
		logger:       logger,
		equipmentFor: defaultEquipment,
	}
}

func defaultEquipment(material string) string {
	switch material {
	case "HMS1", "HMS2", "P&S", "SHRED":
		return "dump_trailer"
	case "TURNINGS", "BUSHELING":
		return "roll_off"
	default:
		return "flatbed"
	}
}

// BookTruck tenders a scheduled load to HaulNet.
func (s *DispatchService) BookTruck(ctx context.Context, _ queue.Envelope, msg LoadScheduled) error {
	load, err := s.store.GetLoad(ctx, msg.LoadID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("load %s not found", msg.LoadID))
	}
	if err != nil {
		return fmt.Errorf("load load: %w", err)
	}
	if load.Status != "scheduled" {
		return nil
	}
	c, err := s.store.GetSalesContract(ctx, load.ContractID)
	if err != nil {
		return fmt.Errorf("load contract: %w", err)
	}
	partner, err := s.store.GetMillPartnerCode(ctx, c.MillID)
	if err != nil {
		return fmt.Errorf("load mill: %w", err)
	}
	tons, err := strconv.ParseFloat(load.PlannedTons, 64)
	if err != nil {
		return queue.Drop(fmt.Errorf("load %s planned tons %q: %w", load.ID, load.PlannedTons, err))
	}

	tender := haulnet.TenderRequest{
		ShipperReference: "YO-" + ids.NewULID(),
		OriginCode:       load.YardID,
		DestinationCode:  partner,
		PickupDate:       load.PickupDate.Format("2006-01-02"),
		EquipmentType:    s.equipmentFor(c.MaterialCode),
		Commodity:        c.MaterialCode,
		WeightTons:       tons,
	}
	booking, err := retry.DoValue(ctx, func(ctx context.Context) (haulnet.Booking, error) {
		return s.carrier.Tender(ctx, tender)
	})
	if err != nil {
		return fmt.Errorf("haulnet tender: %w", err)
	}

	return s.store.ExecTx(ctx, func(q store.Querier) error {
		if err := q.InsertCarrierBooking(ctx, store.InsertCarrierBookingParams{
			LoadID:     load.ID,
			Carrier:    booking.Carrier,
			BookingRef: booking.Ref,
			TruckNo:    booking.TruckNo,
		}); err != nil {
			return fmt.Errorf("record booking: %w", err)
		}
		if _, err := q.MarkLoadBooked(ctx, load.ID); err != nil {
			return fmt.Errorf("mark booked: %w", err)
		}
		return nil
	})
}

// RecordMillSettlement stores a mill's weight-and-payment statement for a
// load. Mills re-issue statements after weight disputes, so a load can carry
// more than one and may already be marked delivered.
func (s *DispatchService) RecordMillSettlement(ctx context.Context, _ queue.Envelope, msg MillSettlement) error {
	return s.store.ExecTx(ctx, func(q store.Querier) error {
		if err := q.InsertMillSettlement(ctx, store.InsertMillSettlementParams{
			ID:           uuid.New(),
			LoadID:       msg.LoadID,
			MillWeightLb: msg.MillWeightLb,
			DeductionLb:  msg.DeductionLb,
			AmountCents:  msg.AmountCents,
			MillDocRef:   msg.MillDocRef,
		}); err != nil {
			return fmt.Errorf("insert settlement: %w", err)
		}
		if _, err := q.MarkLoadDelivered(ctx, msg.LoadID); err != nil {
			return fmt.Errorf("mark delivered: %w", err)
		}
		return nil
	})
}

// CancelLoad handles a mill cancelling a load: the truck is released and the
// tonnage goes back to the contract.
func (s *DispatchService) CancelLoad(ctx context.Context, _ queue.Envelope, msg LoadCancelled) error {
	load, err := s.store.GetLoad(ctx, msg.LoadID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("load %s not found", msg.LoadID))
	}
	if err != nil {
		return fmt.Errorf("load load: %w", err)
	}
	if load.Status != "scheduled" && load.Status != "booked" {
		s.logger.InfoContext(ctx, "ignoring cancel for load past the gate", "load", load.ID, "status", load.Status)
		return nil
	}

	// Release the truck first. HaulNet treats a repeat cancel of the same
	// booking as a no-op, so doing this again on redelivery is harmless.
	booking, err := s.store.GetCarrierBooking(ctx, load.ID)
	switch {
	case err == nil && !booking.CancelledAt.Valid:
		if err := retry.Do(ctx, func(ctx context.Context) error {
			return s.carrier.Cancel(ctx, booking.BookingRef)
		}); err != nil {
			return fmt.Errorf("haulnet cancel: %w", err)
		}
	case err != nil && !store.IsNotFound(err):
		return fmt.Errorf("load booking: %w", err)
	}

	return s.store.ExecTx(ctx, func(q store.Querier) error {
		cancelled, err := q.CancelLoad(ctx, load.ID)
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cancel load: %w", err)
		}
		if err := q.ReleaseContractTons(ctx, cancelled.ContractID, cancelled.PlannedTons); err != nil {
			return fmt.Errorf("release tons: %w", err)
		}
		return q.MarkCarrierBookingCancelled(ctx, cancelled.ID)
	})
}
