package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
)

type deviceStore interface {
	CheckIn(ctx context.Context, d *model.Device) (*model.Device, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*model.Device, error)
	ByTradeIn(ctx context.Context, tradeInID uuid.UUID) (*model.Device, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error)
}

type intakeStore interface {
	Open(ctx context.Context, shipmentID, tradeInID uuid.UUID, dock string, priority int) (*model.IntakeTask, error)
	CloseForShipment(ctx context.Context, shipmentID uuid.UUID, at time.Time) error
}

type gradingStore interface {
	Insert(ctx context.Context, g *model.Grading) error
	Latest(ctx context.Context, deviceID uuid.UUID) (*model.Grading, error)
	NextRound(ctx context.Context, deviceID uuid.UUID) (int, error)
}

type wipeStore interface {
	CreateJob(ctx context.Context, j *model.WipeJob) error
	GetJob(ctx context.Context, id uuid.UUID) (*model.WipeJob, error)
	JobForDevice(ctx context.Context, deviceID uuid.UUID) (*model.WipeJob, error)
	CompleteJob(ctx context.Context, id uuid.UUID, status string, result model.JSON, station string, at time.Time) (int64, error)
	CertificateFor(ctx context.Context, c *model.WipeCertificate) (*model.WipeCertificate, error)
	MarkCertificateIssued(ctx context.Context, id uuid.UUID, number, url string, at time.Time) (int64, error)
}

// WarehouseService covers receiving, grading and the wipe stations.
type WarehouseService struct {
	tx        database.Transactor
	devices   deviceStore
	intake    intakeStore
	gradings  gradingStore
	wipes     wipeStore
	tradeIns  tradeInStore
	shipments shipmentStore
	outbox    Outbox

	docks []string
	newID ids.UUIDFunc
	now   Clock
}

type WarehouseDeps struct {
	Tx        database.Transactor
	Devices   deviceStore
	Intake    intakeStore
	Gradings  gradingStore
	Wipes     wipeStore
	TradeIns  tradeInStore
	Shipments shipmentStore
	Outbox    Outbox
	Docks     []string
}

func NewWarehouseService(d WarehouseDeps) *WarehouseService {
	docks := d.Docks
	if len(docks) == 0 {
		docks = []string{"DOCK-A", "DOCK-B"}
	}
	return &WarehouseService{
		tx: d.Tx, devices: d.Devices, intake: d.Intake, gradings: d.Gradings,
		wipes: d.Wipes, tradeIns: d.TradeIns, shipments: d.Shipments, outbox: d.Outbox,
		docks: docks, newID: ids.NewUUID, now: UTCNow,
	}
}

// OpenIntake queues a delivered inbound parcel for unpacking.
func (s *WarehouseService) OpenIntake(ctx context.Context, evt messaging.ShipmentDelivered) error {
	ti, err := s.tradeIns.Get(ctx, evt.TradeInID)
	if err != nil {
		return wrap("open intake", err)
	}
	// High-value devices go to the caged dock and jump the queue.
	dock := s.docks[int(evt.ShipmentID[0])%len(s.docks)]
	priority := 0
	if ti.QuotedCents >= 40000 {
		dock, priority = "CAGE", 10
	}
	task, err := s.intake.Open(ctx, evt.ShipmentID, evt.TradeInID, dock, priority)
	if err != nil {
		return err
	}
	if _, err := s.tradeIns.Transition(ctx, ti.ID,
		[]string{model.TradeInLabelIssued, model.TradeInInTransit}, model.TradeInDelivered); err != nil {
		return wrap("open intake", err)
	}
	slog.InfoContext(ctx, "intake task opened", "task_id", task.ID, "shipment_id", evt.ShipmentID, "dock", dock)
	return nil
}

type CheckInInput struct {
	SerialNumber string `json:"serial_number"`
	IMEI         string `json:"imei"`
	Manufacturer string `json:"manufacturer"`
	Model        string `json:"model"`
	StorageGB    int    `json:"storage_gb"`
	BinLocation  string `json:"bin_location"`
	ReceivedBy   string `json:"received_by"`
}

// CheckIn records the device found in an inbound parcel. Scanning the same
// parcel again returns the device from the first scan.
func (s *WarehouseService) CheckIn(ctx context.Context, shipmentID uuid.UUID, in CheckInInput) (*model.Device, bool, error) {
	if in.SerialNumber == "" || in.ReceivedBy == "" {
		return nil, false, fmt.Errorf("%w: serial_number and received_by are required", ErrInvalid)
	}
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return nil, false, err
	}
	if sh.Direction != model.DirectionInbound || sh.TradeInID == nil {
		return nil, false, fmt.Errorf("%w: shipment %s is not an inbound trade-in", ErrInvalid, shipmentID)
	}
	var (
		dev     *model.Device
		created bool
	)
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		d := &model.Device{
			ID:           s.newID(),
			TradeInID:    *sh.TradeInID,
			ShipmentID:   sh.ID,
			SerialNumber: strings.ToUpper(strings.TrimSpace(in.SerialNumber)),
			Manufacturer: in.Manufacturer,
			Model:        in.Model,
			StorageGB:    in.StorageGB,
			Status:       model.DeviceReceived,
			ReceivedBy:   in.ReceivedBy,
			ReceivedAt:   now,
			UpdatedAt:    now,
		}
		if in.IMEI != "" {
			d.IMEI = &in.IMEI
		}
		if in.BinLocation != "" {
			d.BinLocation = &in.BinLocation
		}
		dev, created, err = s.devices.CheckIn(ctx, d)
		if err != nil || !created {
			return err
		}
		if err := s.intake.CloseForShipment(ctx, sh.ID, now); err != nil {
			return err
		}
		if _, err := s.tradeIns.Transition(ctx, d.TradeInID,
			[]string{model.TradeInLabelIssued, model.TradeInInTransit, model.TradeInDelivered},
			model.TradeInReceived); err != nil {
			return err
		}
		return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeDeviceReceived, d.TradeInID.String(),
			messaging.DeviceReceived{DeviceID: d.ID, TradeInID: d.TradeInID}, now))
	})
	if err != nil {
		return nil, false, wrap("check in", err)
	}
	return dev, created, nil
}

type GradeInput struct {
	Grade            string          `json:"grade"`
	CosmeticNotes    string          `json:"cosmetic_notes"`
	FunctionalChecks map[string]bool `json:"functional_checks"`
	BatteryHealth    *int            `json:"battery_health"`
	ActivationLocked bool            `json:"activation_locked"`
	GraderID         string          `json:"grader_id"`
}

func (in GradeInput) validate() error {
	switch in.Grade {
	case model.GradeA, model.GradeB, model.GradeC, model.GradeD, model.GradeF:
	default:
		return fmt.Errorf("%w: grade must be one of A-D or F", ErrInvalid)
	}
	if in.GraderID == "" {
		return fmt.Errorf("%w: grader_id is required", ErrInvalid)
	}
	if in.BatteryHealth != nil && (*in.BatteryHealth < 0 || *in.BatteryHealth > 100) {
		return fmt.Errorf("%w: battery_health is a percentage", ErrInvalid)
	}
	return nil
}

// Grade stores the grader's assessment of a received device and announces
// it so the grading-to-payout pipeline can start.
func (s *WarehouseService) Grade(ctx context.Context, deviceID uuid.UUID, in GradeInput) (*model.Grading, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	dev, err := s.devices.Get(ctx, deviceID)
	if err != nil {
		return nil, err
	}
	if dev.Status != model.DeviceReceived {
		return nil, fmt.Errorf("%w: device is %s, not awaiting grading", ErrConflict, dev.Status)
	}
	round, err := s.gradings.NextRound(ctx, dev.ID)
	if err != nil {
		return nil, wrap("grade", err)
	}

	if err := s.devices.SetStatus(ctx, dev.ID, model.DeviceGraded); err != nil {
		return nil, wrap("grade: device status", err)
	}
	now := s.now()
	g := &model.Grading{
		ID:               s.newID(),
		DeviceID:         dev.ID,
		Round:            round,
		Grade:            in.Grade,
		FunctionalChecks: model.MustJSON(in.FunctionalChecks),
		BatteryHealth:    in.BatteryHealth,
		ActivationLocked: in.ActivationLocked,
		GraderID:         in.GraderID,
		CreatedAt:        now,
	}
	if in.CosmeticNotes != "" {
		g.CosmeticNotes = &in.CosmeticNotes
	}
	if err := s.gradings.Insert(ctx, g); err != nil {
		return nil, wrap("grade: insert", err)
	}
	if err := s.tradeIns.MarkStatus(ctx, dev.TradeInID, model.TradeInGraded); err != nil {
		return nil, wrap("grade: trade-in status", err)
	}
	evt := newEvent(messaging.TopicEvents, messaging.TypeDeviceGraded, dev.TradeInID.String(), messaging.DeviceGraded{
		DeviceID: dev.ID, TradeInID: dev.TradeInID, GradingID: g.ID, Round: round, Grade: g.Grade,
	}, now)
	if err := s.outbox.Add(ctx, evt); err != nil {
		return nil, wrap("grade: announce", err)
	}
	return g, nil
}

type WipeResultInput struct {
	Status   string         `json:"status"` // completed | failed
	Station  string         `json:"station"`
	Passes   int            `json:"passes"`
	Verified bool           `json:"verified"`
	Log      map[string]any `json:"log"`
}

// RecordWipeResult stores a wipe station's report. The job, the device and
// the announcement are written on one transaction; a repeated report for a
// finished job is acknowledged without changes.
func (s *WarehouseService) RecordWipeResult(ctx context.Context, jobID uuid.UUID, in WipeResultInput) (*model.WipeJob, error) {
	if in.Status != model.WipeCompleted && in.Status != model.WipeFailed {
		return nil, fmt.Errorf("%w: status must be completed or failed", ErrInvalid)
	}
	if in.Status == model.WipeCompleted && !in.Verified {
		return nil, fmt.Errorf("%w: a completed wipe must be verified", ErrInvalid)
	}
	var job *model.WipeJob
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		result := model.MustJSON(map[string]any{"passes": in.Passes, "verified": in.Verified, "log": in.Log})
		n, err := s.wipes.CompleteJob(ctx, jobID, in.Status, result, in.Station, now)
		if err != nil {
			return err
		}
		job, err = s.wipes.GetJob(ctx, jobID)
		if err != nil {
			return err
		}
		if n == 0 {
			if job.Status != in.Status {
				return fmt.Errorf("%w: wipe job already %s", ErrConflict, job.Status)
			}
			return nil
		}
		next := model.DeviceWiped
		if in.Status == model.WipeFailed {
			// Failed wipes go to the shredder queue; they are never resold.
			next = model.DeviceRecycled
		}
		if _, err := s.devices.Transition(ctx, job.DeviceID, []string{model.DeviceWiping}, next); err != nil {
			return err
		}
		return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeWipeCompleted, job.DeviceID.String(),
			messaging.WipeCompleted{WipeJobID: job.ID, DeviceID: job.DeviceID, Status: in.Status}, now))
	})
	if err != nil {
		return nil, wrap("record wipe result", err)
	}
	return job, nil
}

// RequestListing queues a wiped device for resale on the marketplace.
func (s *WarehouseService) RequestListing(ctx context.Context, deviceID uuid.UUID, requestedBy string) (bool, error) {
	var queued bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := s.devices.Transition(ctx, deviceID, []string{model.DeviceWiped}, model.DeviceListingRequested)
		if err != nil {
			return err
		}
		if n == 0 {
			dev, err := s.devices.Get(ctx, deviceID)
			if err != nil {
				return err
			}
			switch dev.Status {
			case model.DeviceListingRequested, model.DeviceListed, model.DeviceSold:
				return nil
			default:
				return fmt.Errorf("%w: device is %s, not ready for listing", ErrConflict, dev.Status)
			}
		}
		queued = true
		return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeListingRequested, deviceID.String(),
			messaging.ListingRequested{RequestID: uuid.NewString(), DeviceID: deviceID, RequestedBy: requestedBy}, s.now()))
	})
	if err != nil && !errors.Is(err, database.ErrNotFound) {
		return false, wrap("request listing", err)
	}
	return queued, err
}
