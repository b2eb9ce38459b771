package maintenance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/ids"
	"github.com/acme/fleet/internal/provider/workshop"
)

// Partner books slots at the partner workshop.
type Partner interface {
	Book(ctx context.Context, req workshop.BookingRequest) (*workshop.Confirmation, error)
}

// TaskEnqueuer schedules background tasks.
type TaskEnqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

type Service struct {
	db       *gorm.DB
	orders   Repo[WorkOrder]
	bookings Repo[WorkshopBooking]
	records  Repo[ServiceRecord]
	partner  Partner
	tasks    TaskEnqueuer
	log      *slog.Logger
	now      func() time.Time
}

func NewService(db *gorm.DB, partner Partner, tasks TaskEnqueuer, log *slog.Logger) *Service {
	return &Service{
		db:       db,
		orders:   NewRepo[WorkOrder](db),
		bookings: NewRepo[WorkshopBooking](db),
		records:  NewRepo[ServiceRecord](db),
		partner:  partner,
		tasks:    tasks,
		log:      log,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

func priorityFor(severity int) (string, bool) {
	switch {
	case severity >= 3:
		return "urgent", true
	case severity == 2:
		return "normal", true
	default:
		return "", false
	}
}

// OpenFromFault opens a work order for a fault reported by a vehicle and
// queues the workshop booking. Urgent faults take an idle vehicle off the lot.
func (s *Service) OpenFromFault(ctx context.Context, ev domain.FaultEvent) error {
	priority, ok := priorityFor(ev.Severity)
	if !ok {
		return nil
	}
	now := s.now()
	eventID := ev.EventID
	wo := WorkOrder{
		ID:            ids.Derive("work-order", ev.EventID).String(),
		VehicleID:     ev.VehicleID.String(),
		SourceEventID: &eventID,
		FaultCode:     ev.Code,
		Priority:      priority,
		Status:        StatusOpen,
		CreatedAt:     now,
		UpdatedAt:     now,
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		created, err := s.orders.WithTx(tx).CreateIgnore(ctx, &wo, "source_event_id")
		if err != nil || !created {
			return err
		}
		if priority != "urgent" {
			return nil
		}
		return tx.Model(&vehicle{}).
			Where("id = ? AND status = ?", wo.VehicleID, domain.VehicleAvailable).
			Update("status", domain.VehicleMaintenance).Error
	})
	if err != nil {
		return err
	}
	// Queued on every delivery, so a delivery that stored the work order
	// but died before queueing is completed by the next one; the task id
	// keeps it to one task.
	return s.tasks.Enqueue(ctx, domain.TaskWorkshopBook, domain.WorkshopBookPayload{WorkOrderID: wo.ID},
		asynq.TaskID("workshop-book:"+wo.ID), asynq.MaxRetry(8), asynq.Queue("partners"))
}

// BookWorkshop books a slot with the partner for an open work order.
func (s *Service) BookWorkshop(ctx context.Context, workOrderID string) error {
	wo, err := s.orders.First(ctx, workOrderID)
	if err != nil {
		return err
	}
	if wo.Status != StatusOpen {
		return nil
	}
	var v vehicle
	if err := s.db.WithContext(ctx).First(&v, "id = ?", wo.VehicleID).Error; err != nil {
		return fmt.Errorf("vehicle %s: %w", wo.VehicleID, err)
	}

	booking := WorkshopBooking{
		ID:          xid.New().String(),
		WorkOrderID: wo.ID,
		Status:      "requested",
		CreatedAt:   s.now(),
	}
	req, err := workshop.NewBooking(v.VIN, v.Plate).
		Ref(booking.ID).
		Fault(wo.FaultCode, wo.Priority).
		Near(v.Branch, s.now().Add(2*time.Hour)).
		Build()
	if err != nil {
		return err
	}
	conf, err := s.partner.Book(ctx, req)
	if err != nil {
		return err
	}
	booking.PartnerBookingID, booking.Site, booking.SlotAt = conf.BookingID, conf.Site, conf.SlotAt
	booking.Status = "confirmed"

	if err := s.bookings.Create(ctx, &booking); err != nil {
		return err
	}
	return s.orders.Updates(ctx, wo, map[string]any{"status": StatusBooked, "booking_id": booking.ID})
}

type CompleteInput struct {
	WorkOrderID string
	Technician  string
	Notes       string
	OdometerKm  int
}

// Complete closes a work order, files the service record and returns the
// vehicle to the lot. Completing a closed work order returns it unchanged.
func (s *Service) Complete(ctx context.Context, in CompleteInput) (*WorkOrder, error) {
	var out WorkOrder
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var wo WorkOrder
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&wo, "id = ?", in.WorkOrderID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("work order %s: %w", in.WorkOrderID, domain.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if wo.Status == StatusDone {
			out = wo
			return nil
		}

		now := s.now()
		if err := s.orders.WithTx(tx).Updates(ctx, &wo, map[string]any{"status": StatusDone, "completed_at": now}); err != nil {
			return err
		}
		rec := ServiceRecord{
			ID:          uuid.NewString(),
			WorkOrderID: wo.ID,
			VehicleID:   wo.VehicleID,
			Technician:  in.Technician,
			Notes:       in.Notes,
			OdometerKm:  in.OdometerKm,
			CreatedAt:   now,
		}
		if err := s.records.WithTx(tx).Create(ctx, &rec); err != nil {
			return err
		}
		if err := tx.Model(&vehicle{}).Where("id = ?", wo.VehicleID).
			Updates(map[string]any{"km_since_service": 0}).Error; err != nil {
			return err
		}
		if err := tx.Model(&vehicle{}).
			Where("id = ? AND status = ?", wo.VehicleID, domain.VehicleMaintenance).
			Update("status", domain.VehicleAvailable).Error; err != nil {
			return err
		}
		out = wo
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
