package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/tasks"
)

type FulfillmentService interface {
	CreateLabel(ctx context.Context, refillID uuid.UUID) error
	VoidLabel(ctx context.Context, shipmentID uuid.UUID) error
	ChangeAddress(ctx context.Context, refillID uuid.UUID, to domain.Address) (*domain.RefillRequest, error)
	SchedulePickup(ctx context.Context, locationID string, day time.Time) error
}

type FulfillmentServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	refills       RefillRepository
	shipments     ShipmentRepository
	pickups       PickupRepository
	carrier       Carrier
	queue         queue.Enqueuer
	uow           store.UnitOfWork
	settings      Settings
	newID         ids.UUIDFunc
	newXID        ids.XIDFunc
	now           Clock
	log           *slog.Logger
}

func NewFulfillmentService(
	patients PatientRepository,
	prescriptions PrescriptionRepository,
	refills RefillRepository,
	shipments ShipmentRepository,
	pickups PickupRepository,
	carrierClient Carrier,
	q queue.Enqueuer,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *FulfillmentServiceImpl {
	return &FulfillmentServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		refills:       refills,
		shipments:     shipments,
		pickups:       pickups,
		carrier:       carrierClient,
		queue:         q,
		uow:           uow,
		settings:      settings,
		newID:         ids.NewUUID,
		newXID:        ids.NewXID,
		now:           time.Now,
		log:           log.With("service", "fulfillment"),
	}
}

// refrigerated NDC product families ship cold-chain.
var refrigeratedPrefixes = []string{"00169", "00002", "50090"}

func needsColdChain(ndc string) bool {
	for _, p := range refrigeratedPrefixes {
		if len(ndc) >= len(p) && ndc[:len(p)] == p {
			return true
		}
	}
	return false
}

func (s *FulfillmentServiceImpl) fromAddress() carrier.Address {
	f := s.settings.ShipFrom
	return carrier.Address{Name: f.Name, Line1: f.Line1, City: f.City, State: f.State, PostalCode: f.PostalCode, Phone: f.Phone}
}

func toCarrierAddress(name string, a domain.Address, phone string) carrier.Address {
	return carrier.Address{Name: name, Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, PostalCode: a.PostalCode, Phone: phone}
}

func (s *FulfillmentServiceImpl) labelRequest(key string, r *domain.RefillRequest, p *domain.Patient, rx *domain.Prescription, to domain.Address) carrier.LabelRequest {
	return carrier.LabelRequest{
		IdempotencyKey:    key,
		Reference:         r.ID.String(),
		ServiceLevel:      s.settings.CarrierServiceLevel,
		From:              s.fromAddress(),
		To:                toCarrierAddress(p.FullName(), to, deref(p.Phone)),
		Parcel:            carrier.Parcel{WeightOz: 6, LengthIn: 9, WidthIn: 6, HeightIn: 3},
		SignatureRequired: false,
		Refrigerated:      needsColdChain(rx.NDC),
	}
}

// CreateLabel buys postage for a refill that is ready to ship. The shipment
// row is written first and its id is the carrier idempotency key.
func (s *FulfillmentServiceImpl) CreateLabel(ctx context.Context, refillID uuid.UUID) error {
	r, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return err
	}
	if r.Status != domain.RefillReadyToShip && r.Status != domain.RefillShipped {
		s.log.InfoContext(ctx, "refill not ready to ship", "refill_id", r.ID, "status", r.Status)
		return nil
	}
	now := s.now().UTC()
	sh := &domain.Shipment{
		ID:           s.newID(),
		RefillID:     r.ID,
		Carrier:      s.settings.CarrierName,
		ServiceLevel: s.settings.CarrierServiceLevel,
		Status:       domain.ShipmentPendingLabel,
		ShipTo:       r.ShipTo,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	inserted, err := s.shipments.CreateIntent(ctx, sh)
	if err != nil {
		return err
	}
	if !inserted {
		if sh, err = s.shipments.FindByRefill(ctx, r.ID); err != nil {
			return err
		}
	}
	if sh.Status != domain.ShipmentPendingLabel {
		return s.queueShippedNotice(ctx, sh.ID)
	}

	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return err
	}
	label, err := s.carrier.CreateLabel(ctx, s.labelRequest(sh.ID.String(), r, patient, rx, sh.ShipTo))
	if err != nil {
		return fmt.Errorf("create label for shipment %s: %w", sh.ID, err)
	}
	err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.shipments.RecordLabel(ctx, sh.ID, label.ID, label.TrackingNumber, label.LabelURL, label.PostageCents); err != nil {
			return err
		}
		if _, err := s.refills.Transition(ctx, r.ID, domain.RefillShipped, domain.RefillReadyToShip); err != nil {
			return err
		}
		return s.prescriptions.MarkFilled(ctx, rx.ID, now)
	})
	if err != nil {
		return err
	}
	return s.queueShippedNotice(ctx, sh.ID)
}

func (s *FulfillmentServiceImpl) queueShippedNotice(ctx context.Context, shipmentID uuid.UUID) error {
	return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
		return tasks.NotifyShipped(shipmentID)
	})
}

// VoidLabel refunds postage for a label that will not be used. The carrier
// voids by label id and answers a second void with already_voided.
func (s *FulfillmentServiceImpl) VoidLabel(ctx context.Context, shipmentID uuid.UUID) error {
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return err
	}
	if sh.Status == domain.ShipmentVoided {
		return nil
	}
	if sh.Status != domain.ShipmentLabelled && sh.Status != domain.ShipmentPendingLabel {
		s.log.WarnContext(ctx, "label already scanned by carrier; not voiding", "shipment_id", sh.ID, "status", sh.Status)
		return nil
	}
	if sh.LabelID != nil {
		if err := s.carrier.VoidLabel(ctx, *sh.LabelID); err != nil {
			return err
		}
	}
	_, err = s.shipments.UpdateWhere(ctx,
		map[string]any{"status": domain.ShipmentVoided, "updated_at": s.now().UTC()},
		"id = ? AND status = ?", sh.ID, sh.Status)
	return err
}

// ChangeAddress updates where a refill ships. If a label was already
// printed it is voided and a new one bought for the new address.
func (s *FulfillmentServiceImpl) ChangeAddress(ctx context.Context, refillID uuid.UUID, to domain.Address) (*domain.RefillRequest, error) {
	if to.Empty() || to.PostalCode == "" {
		return nil, fmt.Errorf("%w: address line1 and postal code are required", domain.ErrInvalid)
	}
	r, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return nil, err
	}
	switch r.Status {
	case domain.RefillShipped, domain.RefillDelivered, domain.RefillCancelled, domain.RefillRejected:
		return nil, domain.ErrWrongState
	}
	if err := s.refills.UpdateShipTo(ctx, r.ID, to); err != nil {
		return nil, err
	}
	r.ShipTo = to

	sh, err := s.shipments.FindByRefill(ctx, r.ID)
	if store.IsNotFound(err) {
		// No label yet; CreateLabel reads the new address from the refill.
		return r, nil
	}
	if err != nil {
		return nil, err
	}
	if sh.Status != domain.ShipmentLabelled || sh.LabelID == nil {
		return r, nil
	}
	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return nil, err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return nil, err
	}
	if err := s.carrier.VoidLabel(ctx, *sh.LabelID); err != nil {
		return nil, fmt.Errorf("void label %s: %w", *sh.LabelID, err)
	}
	// The old label's key is bound to the old address, so the replacement
	// needs a key of its own.
	label, err := s.carrier.CreateLabel(ctx, s.labelRequest(xid.New().String(), r, patient, rx, to))
	if err != nil {
		return nil, fmt.Errorf("relabel shipment %s: %w", sh.ID, err)
	}
	err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.shipments.RecordLabel(ctx, sh.ID, label.ID, label.TrackingNumber, label.LabelURL, label.PostageCents); err != nil {
			return err
		}
		return s.shipments.UpdateFields(ctx, sh.ID, map[string]any{
			"ship_line1":       to.Line1,
			"ship_line2":       to.Line2,
			"ship_city":        to.City,
			"ship_state":       to.State,
			"ship_postal_code": to.PostalCode,
		})
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// SchedulePickup books the carrier's daily collection for the labelled
// parcels at a fulfilment location.
func (s *FulfillmentServiceImpl) SchedulePickup(ctx context.Context, locationID string, day time.Time) error {
	day = day.Truncate(24 * time.Hour)
	existing, err := s.pickups.ForDate(ctx, locationID, day)
	if err == nil {
		s.log.InfoContext(ctx, "pickup already booked", "location", locationID, "confirmation", existing.ConfirmationNumber)
		return nil
	}
	if !store.IsNotFound(err) {
		return err
	}
	n, err := s.shipments.CountAwaitingPickup(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	f := s.settings.ShipFrom
	pickup, err := s.carrier.SchedulePickup(ctx, carrier.PickupRequest{
		LocationID:    locationID,
		Date:          day.Format(time.DateOnly),
		ReadyAt:       "15:00",
		CloseAt:       "18:00",
		PackageCount:  int(n),
		TotalWeightOz: float64(n) * 6,
		Address:       carrier.Address{Name: f.Name, Line1: f.Line1, City: f.City, State: f.State, PostalCode: f.PostalCode, Phone: f.Phone},
	})
	if err != nil {
		return err
	}
	return s.pickups.Create(ctx, &domain.CarrierPickup{
		ID:                 s.newXID(),
		LocationID:         locationID,
		PickupDate:         day,
		ConfirmationNumber: pickup.ConfirmationNumber,
		PackageCount:       int(n),
		CreatedAt:          s.now().UTC(),
	})
}
