// Package pod ingests proof-of-delivery events from the courier app and
// applies them to orders.
package pod

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/outbox"
)

// TopicPODEvents carries accepted proof-of-delivery events.
const TopicPODEvents = "pod.events"

var (
	// ErrNotAssigned is returned when the courier does not hold the order.
	ErrNotAssigned = errors.New("order is not assigned to this courier")
	// ErrEventConflict is returned when an event id is reused for another
	// order.
	ErrEventConflict = errors.New("event id already used for a different order")
)

// SubmitCommand is one event posted by the courier app. EventID is generated
// by the app when the courier taps the button and is kept across the app's
// own retries.
type SubmitCommand struct {
	EventID       string
	CourierID     string
	OrderID       string
	Kind          string
	PhotoURL      string
	SignatureURL  string
	RecipientName string
	FailureReason string
	Lat, Lng      float64
	OccurredAt    time.Time
}

// PODMessage is published on TopicPODEvents.
type PODMessage struct {
	EventID       string    `json:"event_id"`
	OrderID       string    `json:"order_id"`
	CourierID     string    `json:"courier_id"`
	Kind          string    `json:"kind"`
	FailureReason string    `json:"failure_reason,omitempty"`
	OccurredAt    time.Time `json:"occurred_at"`
}

// Service accepts courier-app events.
type Service interface {
	Submit(ctx context.Context, cmd SubmitCommand) (duplicate bool, err error)
}

type service struct {
	tx     database.Transactor
	events *database.Repo[domain.PODEvent]
	orders *database.Repo[domain.Order]
	outbox outbox.Writer
}

// NewService builds the pod Service.
func NewService(tx database.Transactor, db *gorm.DB, ob outbox.Writer) *service {
	return &service{
		tx:     tx,
		events: database.NewRepo[domain.PODEvent](db),
		orders: database.NewRepo[domain.Order](db),
		outbox: ob,
	}
}

func (s *service) Submit(ctx context.Context, cmd SubmitCommand) (bool, error) {
	order, err := s.orders.Get(ctx, cmd.OrderID)
	if err != nil {
		return false, err
	}
	if order.CourierID == nil || *order.CourierID != cmd.CourierID {
		return false, ErrNotAssigned
	}
	duplicate := false
	err = s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		ev := &domain.PODEvent{
			EventID:       cmd.EventID,
			OrderID:       cmd.OrderID,
			CourierID:     cmd.CourierID,
			Kind:          cmd.Kind,
			PhotoURL:      cmd.PhotoURL,
			SignatureURL:  cmd.SignatureURL,
			RecipientName: cmd.RecipientName,
			FailureReason: cmd.FailureReason,
			Lat:           cmd.Lat,
			Lng:           cmd.Lng,
			OccurredAt:    cmd.OccurredAt,
			ReceivedAt:    time.Now().UTC(),
		}
		inserted, err := s.events.CreateIfAbsent(txCtx, ev, "event_id")
		if err != nil {
			return fmt.Errorf("store pod event: %w", err)
		}
		if !inserted {
			prev, err := s.events.FindOne(txCtx, "event_id = ?", cmd.EventID)
			if err != nil {
				return err
			}
			if prev.OrderID != cmd.OrderID {
				return ErrEventConflict
			}
			duplicate = true
			return nil
		}
		return s.outbox.Add(txCtx, TopicPODEvents, cmd.OrderID, PODMessage{
			EventID:       cmd.EventID,
			OrderID:       cmd.OrderID,
			CourierID:     cmd.CourierID,
			Kind:          cmd.Kind,
			FailureReason: cmd.FailureReason,
			OccurredAt:    cmd.OccurredAt,
		})
	})
	return duplicate, err
}
