// Package tracking ingests carrier status, exception and proof-of-delivery
// feeds and turns them into shipment state and customer notifications.
package tracking

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
	"github.com/acme/freight/internal/jobs"
)

type LabelFinder interface {
	GetLabelByTracking(ctx context.Context, trackingNumber string) (*domain.Label, error)
}

type ShipmentWriter interface {
	SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error
	FlagException(ctx context.Context, id string) error
}

type EventStore interface {
	AppendEvent(ctx context.Context, e *domain.TrackingEvent) error
	InsertException(ctx context.Context, e *domain.TrackingException) (bool, error)
	InsertPOD(ctx context.Context, p *domain.ProofOfDelivery) error
}

// Inbox remembers handled broker messages.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	tx        TxManager
	labels    LabelFinder
	shipments ShipmentWriter
	events    EventStore
	inbox     Inbox
	jobs      jobs.Enqueuer

	newID func() string
}

func NewService(tx TxManager, labels LabelFinder, shipments ShipmentWriter, events EventStore, inbox Inbox, enq jobs.Enqueuer) *Service {
	return &Service{
		tx:        tx,
		labels:    labels,
		shipments: shipments,
		events:    events,
		inbox:     inbox,
		jobs:      enq,
		newID:     idgen.UUID,
	}
}

type Fee struct {
	Code        string `json:"code"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// StatusUpdate is a carrier scan event.
type StatusUpdate struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Location       string    `json:"location"`
	OccurredAt     time.Time `json:"occurred_at"`
	Fees           []Fee     `json:"fees"`
}

func mapStatus(carrierStatus string) domain.ShipmentStatus {
	switch strings.ToUpper(carrierStatus) {
	case "PICKED_UP", "IN_TRANSIT", "OUT_FOR_DELIVERY", "ARRIVED_AT_HUB":
		return domain.StatusInTransit
	case "DELIVERED":
		return domain.StatusDelivered
	case "EXCEPTION", "DAMAGED", "LOST":
		return domain.StatusException
	}
	return ""
}

// ApplyStatusUpdate records a scan event, advances the shipment status,
// queues accessorial charges and notifies the customer.
func (s *Service) ApplyStatusUpdate(ctx context.Context, carrier string, u StatusUpdate) error {
	label, err := s.labels.GetLabelByTracking(ctx, u.TrackingNumber)
	if errors.Is(err, domain.ErrNotFound) {
		slog.WarnContext(ctx, "status update for unknown tracking number", "carrier", carrier, "tracking", u.TrackingNumber)
		return nil
	}
	if err != nil {
		return err
	}
	status := mapStatus(u.Status)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ev := &domain.TrackingEvent{
			ID:             s.newID(),
			ShipmentID:     label.ShipmentID,
			Carrier:        carrier,
			TrackingNumber: u.TrackingNumber,
			CarrierEventID: u.EventID,
			Status:         status,
			Location:       u.Location,
			OccurredAt:     u.OccurredAt,
		}
		if err := s.events.AppendEvent(ctx, ev); err != nil {
			return err
		}
		if status == "" {
			return nil
		}
		if err := s.shipments.SetStatus(ctx, label.ShipmentID, status); err != nil {
			return err
		}
		for _, f := range u.Fees {
			if err := s.jobs.Enqueue(ctx, jobs.ChargeAccessorialArgs{
				ShipmentID:     label.ShipmentID,
				CarrierEventID: u.EventID,
				FeeCode:        f.Code,
				AmountCents:    f.AmountCents,
				Currency:       f.Currency,
			}); err != nil {
				return err
			}
		}
		return s.jobs.Enqueue(ctx, jobs.NewNotifyTrackingArgs(label.ShipmentID, status, u.OccurredAt))
	})
}

// ExceptionEvent is a carrier-reported problem with a shipment.
type ExceptionEvent struct {
	EventID    string    `json:"event_id"`
	Waybill    string    `json:"waybill"`
	Code       string    `json:"code"`
	Detail     string    `json:"detail"`
	OccurredAt time.Time `json:"occurred_at"`
}

// RecordException stores the exception once per carrier event and notifies
// the customer; a redelivered event is recognised by its carrier event ID.
func (s *Service) RecordException(ctx context.Context, carrier string, e ExceptionEvent) error {
	label, err := s.labels.GetLabelByTracking(ctx, e.Waybill)
	if errors.Is(err, domain.ErrNotFound) {
		slog.WarnContext(ctx, "exception for unknown waybill", "carrier", carrier, "waybill", e.Waybill)
		return nil
	}
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		inserted, err := s.events.InsertException(ctx, &domain.TrackingException{
			ID:             s.newID(),
			ShipmentID:     label.ShipmentID,
			Carrier:        carrier,
			CarrierEventID: e.EventID,
			Code:           e.Code,
			Detail:         e.Detail,
			OccurredAt:     e.OccurredAt,
		})
		if err != nil || !inserted {
			return err
		}
		if err := s.shipments.FlagException(ctx, label.ShipmentID); err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, jobs.NotifyTrackingArgs{
			ShipmentID:  label.ShipmentID,
			Status:      string(domain.StatusException),
			OccurredAt:  e.OccurredAt,
			DedupeToken: carrier + ":" + e.EventID,
		})
	})
}

const podConsumer = "carrier.pod"

// PODMessage is a proof-of-delivery document from the carrier.
type PODMessage struct {
	Waybill     string    `json:"waybill"`
	SignedBy    string    `json:"signed_by"`
	ImageURL    string    `json:"image_url"`
	DeliveredAt time.Time `json:"delivered_at"`
}

// RecordProofOfDelivery stores the POD, marks the shipment delivered and
// queues its invoice. messageID is the broker message ID, used to skip
// messages that were already handled.
func (s *Service) RecordProofOfDelivery(ctx context.Context, messageID string, m PODMessage) error {
	seen, err := s.inbox.Seen(ctx, podConsumer, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	label, err := s.labels.GetLabelByTracking(ctx, m.Waybill)
	if errors.Is(err, domain.ErrNotFound) {
		slog.WarnContext(ctx, "POD for unknown waybill", "waybill", m.Waybill, "message_id", messageID)
		return nil
	}
	if err != nil {
		return err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.events.InsertPOD(ctx, &domain.ProofOfDelivery{
			ID:          s.newID(),
			ShipmentID:  label.ShipmentID,
			SignedBy:    m.SignedBy,
			ImageURL:    m.ImageURL,
			DeliveredAt: m.DeliveredAt,
		}); err != nil {
			return err
		}
		if err := s.shipments.SetStatus(ctx, label.ShipmentID, domain.StatusDelivered); err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, jobs.GenerateInvoiceArgs{ShipmentID: label.ShipmentID})
	})
	if err != nil {
		return err
	}
	return s.inbox.MarkProcessed(ctx, podConsumer, messageID)
}
