package flightops

import (
	"context"
	"errors"
	"time"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/platform/msgbus"
	"github.com/apronworks/groundops/internal/turnaround"
)

// Movements is the part of the turnaround service the feed drives.
type Movements interface {
	RegisterFlight(ctx context.Context, in turnaround.ScheduledFlight) (*models.Turnaround, error)
	UpdateETA(ctx context.Context, key turnaround.FlightKey, eta time.Time) error
	OnBlock(ctx context.Context, key turnaround.FlightKey, at time.Time, stand string) error
	OffBlock(ctx context.Context, key turnaround.FlightKey, at time.Time) error
	RecordDelay(ctx context.Context, key turnaround.FlightKey, messageID, code string, minutes int) error
	CancelFlight(ctx context.Context, key turnaround.FlightKey) error
}

type handlers struct {
	svc Movements
}

// Register fills the registry with the flight message handlers. dedup is
// applied where a replayed message would duplicate work.
func Register(reg *msgbus.Registry, svc Movements, dedup msgbus.Middleware) {
	h := &handlers{svc: svc}
	msgbus.Register(reg, TypeScheduled, h.scheduled)
	msgbus.Register(reg, TypeETA, h.eta)
	msgbus.Register(reg, TypeOnBlock, h.onBlock, dedup)
	msgbus.Register(reg, TypeOffBlock, h.offBlock)
	msgbus.Register(reg, TypeDelayed, h.delayed)
	msgbus.Register(reg, TypeCancelled, h.cancelled)
}

func (h *handlers) scheduled(ctx context.Context, env msgbus.Envelope, m Scheduled) error {
	_, err := h.svc.RegisterFlight(ctx, turnaround.ScheduledFlight{
		Key:          m.Key(),
		ArrStation:   m.ArrStation,
		STA:          m.STA,
		STD:          m.STD,
		Registration: m.Registration,
		Stand:        m.Stand,
	})
	return poisonIfUnknown(err)
}

func (h *handlers) eta(ctx context.Context, env msgbus.Envelope, m ETA) error {
	return poisonIfUnknown(h.svc.UpdateETA(ctx, m.Key(), m.ETA))
}

func (h *handlers) onBlock(ctx context.Context, env msgbus.Envelope, m OnBlock) error {
	return poisonIfUnknown(h.svc.OnBlock(ctx, m.Key(), m.At, m.Stand))
}

func (h *handlers) offBlock(ctx context.Context, env msgbus.Envelope, m OffBlock) error {
	return poisonIfUnknown(h.svc.OffBlock(ctx, m.Key(), m.At))
}

func (h *handlers) delayed(ctx context.Context, env msgbus.Envelope, m Delayed) error {
	return poisonIfUnknown(h.svc.RecordDelay(ctx, m.Key(), env.MessageID, m.Code, m.Minutes))
}

func (h *handlers) cancelled(ctx context.Context, env msgbus.Envelope, m Cancelled) error {
	return poisonIfUnknown(h.svc.CancelFlight(ctx, m.Key()))
}

// poisonIfUnknown turns "flight not found" into a poison error: movement
// messages for flights we never saw scheduled will not start matching.
func poisonIfUnknown(err error) error {
	if errors.Is(err, database.ErrNotFound) {
		return &msgbus.PoisonError{Err: err}
	}
	return err
}
