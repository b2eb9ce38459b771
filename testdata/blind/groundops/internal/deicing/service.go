// Package deicing books de-icing and anti-icing treatments: fluid and a
// truck slot from the fluid vendor, a task for the crew, and a usage
// report back to the vendor once the aircraft has been sprayed.
package deicing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/platform/jobs"
	"github.com/apronworks/groundops/internal/pricing"
	"github.com/apronworks/groundops/internal/providers/deicevendor"
	"github.com/apronworks/groundops/internal/tasks"
)

const (
	TaskKind       = "deicing"
	JobReportUsage = "deicing.report-usage"

	statusReserved = "reserved"
	statusUsed     = "used"
)

var ErrFluidType = errors.New("unknown fluid type")

type Vendor interface {
	ReserveFluid(ctx context.Context, req deicevendor.ReserveRequest) (*deicevendor.Reservation, error)
	ReportUsage(ctx context.Context, reservationID string, report deicevendor.UsageReport, idempotencyKey string) error
}

type RequestInput struct {
	FluidType    string // TYPE_I or TYPE_IV
	Litres       int
	AircraftType string
	SlotAt       time.Time
}

type Service struct {
	uow          database.UnitOfWork
	reservations *database.Repository[models.DeiceReservation]
	turnarounds  *database.Repository[models.Turnaround]
	flights      *database.Repository[models.Flight]
	tasks        *database.Repository[models.Task]
	queue        jobs.Queue
	vendor       Vendor
}

func NewService(db *gorm.DB, uow database.UnitOfWork, queue jobs.Queue, vendor Vendor) *Service {
	return &Service{
		uow:          uow,
		reservations: database.NewRepository[models.DeiceReservation](db),
		turnarounds:  database.NewRepository[models.Turnaround](db),
		flights:      database.NewRepository[models.Flight](db),
		tasks:        database.NewRepository[models.Task](db),
		queue:        queue,
		vendor:       vendor,
	}
}

func serviceCode(fluid string) (string, error) {
	switch fluid {
	case "TYPE_I":
		return pricing.CodeDeiceType1, nil
	case "TYPE_IV":
		return pricing.CodeDeiceType4, nil
	}
	return "", fmt.Errorf("%w: %q", ErrFluidType, fluid)
}

// Request books fluid and a truck with the vendor and adds a de-icing task
// to the turnaround.
func (s *Service) Request(ctx context.Context, turnaroundID string, in RequestInput) (*models.DeiceReservation, error) {
	code, err := serviceCode(in.FluidType)
	if err != nil {
		return nil, err
	}
	t, err := s.turnarounds.Get(ctx, turnaroundID)
	if err != nil {
		return nil, err
	}
	flight, err := s.flights.Get(ctx, t.FlightID)
	if err != nil {
		return nil, err
	}
	booked, err := s.vendor.ReserveFluid(ctx, deicevendor.ReserveRequest{
		Station:      t.Station,
		Stand:        t.Stand,
		FluidType:    in.FluidType,
		Litres:       in.Litres,
		AircraftType: in.AircraftType,
		Registration: flight.Registration,
		SlotAt:       in.SlotAt,
	})
	if err != nil {
		return nil, fmt.Errorf("reserve fluid: %w", err)
	}
	res := &models.DeiceReservation{
		TurnaroundID:        t.ID,
		FluidType:           in.FluidType,
		Litres:              in.Litres,
		VendorReservationID: booked.ID,
		Status:              statusReserved,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.reservations.Create(ctx, res); err != nil {
			return err
		}
		return s.tasks.Create(ctx, &models.Task{
			TurnaroundID: t.ID,
			Kind:         TaskKind,
			ServiceCode:  code,
			Status:       models.TaskOpen,
		})
	})
	return res, err
}

// OnTaskComplete is registered with the tasks service. It records the
// litres sprayed and queues the usage report in the completion transaction.
func (s *Service) OnTaskComplete(ctx context.Context, task *models.Task, in tasks.CompleteInput) error {
	res, err := s.reservations.FindOne(ctx, "turnaround_id = ? AND status = ?", task.TurnaroundID, statusReserved)
	if errors.Is(err, database.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	n, err := s.reservations.UpdateWhere(ctx,
		map[string]any{"used_litres": in.UsedLitres, "status": statusUsed},
		"id = ? AND status = ?", res.ID, statusReserved)
	if err != nil || n == 0 {
		return err
	}
	_, err = s.queue.Enqueue(ctx, JobReportUsage, usagePayload{ReservationID: res.ID},
		jobs.Key(JobReportUsage+":"+res.ID))
	return err
}

type usagePayload struct {
	ReservationID string `json:"reservation_id"`
}

// ReportUsage sends the sprayed litres to the vendor. Run by the worker.
func (s *Service) ReportUsage(ctx context.Context, reservationID string) error {
	res, err := s.reservations.Get(ctx, reservationID)
	if err != nil {
		return err
	}
	if res.UsedLitres == nil {
		return nil
	}
	return s.vendor.ReportUsage(ctx, res.VendorReservationID, deicevendor.UsageReport{
		Litres:    *res.UsedLitres,
		TreatedAt: res.UpdatedAt,
	}, "usage-"+res.ID)
}

func (s *Service) JobHandlers() jobs.Handlers {
	return jobs.Handlers{
		JobReportUsage: jobs.Typed(func(ctx context.Context, job *models.Job, p usagePayload) error {
			return s.ReportUsage(ctx, p.ReservationID)
		}),
	}
}
