// Package reefer records reefer power, temperature and alarm events from
// the plug monitoring system.
package reefer

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/ids"
)

// Repository is the reefer store.
type Repository interface {
	InsertPlugEvent(ctx context.Context, e *domain.ReeferPlugEvent) error
	SaveReading(ctx context.Context, rd *domain.ReeferReading) error
	OpenIncident(ctx context.Context, inc *domain.ReeferIncident) error
}

// PowerFlags records the plug state on the container.
type PowerFlags interface {
	SetPlugged(ctx context.Context, containerNo string, plugged bool) error
}

// Service applies monitoring events.
type Service struct {
	uow        db.UnitOfWork
	reefer     Repository
	containers PowerFlags
	now        func() time.Time
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, reefer Repository, containers PowerFlags) *Service {
	return &Service{uow: uow, reefer: reefer, containers: containers, now: time.Now}
}

// PlugChange is a plug-in or plug-out at a reefer rack.
type PlugChange struct {
	EventID     string    `json:"event_id"`
	ContainerNo string    `json:"container_no"`
	SlotID      string    `json:"slot_id"`
	Plugged     bool      `json:"plugged"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// Reading is one telemetry sample.
type Reading struct {
	ContainerNo string    `json:"container_no"`
	Seq         int64     `json:"seq"`
	SupplyTemp  float64   `json:"supply_temp"`
	ReturnTemp  float64   `json:"return_temp"`
	Setpoint    float64   `json:"setpoint"`
	ReadAt      time.Time `json:"read_at"`
}

// Alarm is raised by the unit's controller.
type Alarm struct {
	ContainerNo string    `json:"container_no"`
	Code        string    `json:"code"`
	Detail      string    `json:"detail"`
	RaisedAt    time.Time `json:"raised_at"`
}

// RecordPlugChange appends to the power log and updates the container.
func (s *Service) RecordPlugChange(ctx context.Context, ev PlugChange) error {
	no := strings.ToUpper(ev.ContainerNo)
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.reefer.InsertPlugEvent(ctx, &domain.ReeferPlugEvent{
			EventID:     ev.EventID,
			ContainerNo: no,
			SlotID:      ev.SlotID,
			Plugged:     ev.Plugged,
			OccurredAt:  ev.OccurredAt.UTC(),
		}); err != nil {
			return fmt.Errorf("plug event %s: %w", ev.EventID, err)
		}
		return s.containers.SetPlugged(ctx, no, ev.Plugged)
	})
}

// RecordReading stores a temperature sample.
func (s *Service) RecordReading(ctx context.Context, r Reading) error {
	return s.reefer.SaveReading(ctx, &domain.ReeferReading{
		ContainerNo: strings.ToUpper(r.ContainerNo),
		Seq:         r.Seq,
		SupplyTemp:  r.SupplyTemp,
		ReturnTemp:  r.ReturnTemp,
		Setpoint:    r.Setpoint,
		ReadAt:      r.ReadAt.UTC(),
		ReceivedAt:  s.now().UTC(),
	})
}

// RaiseAlarm opens an incident for the reefer desk.
func (s *Service) RaiseAlarm(ctx context.Context, a Alarm) (string, error) {
	no := strings.ToUpper(a.ContainerNo)
	inc := &domain.ReeferIncident{
		Ref:         ids.IncidentRef(no, s.now()),
		ContainerNo: no,
		AlarmCode:   a.Code,
		Detail:      a.Detail,
		Status:      "open",
		OpenedAt:    a.RaisedAt.UTC(),
	}
	if err := s.reefer.OpenIncident(ctx, inc); err != nil {
		return "", err
	}
	slog.InfoContext(ctx, "reefer incident opened", "ref", inc.Ref, "code", a.Code)
	return inc.Ref, nil
}
