package service

import (
	"context"
	"net/url"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/platform/ids"
)

// DeliveryService records proof of delivery and accessorial charges.
type DeliveryService struct {
	tx           Transactor
	loads        LoadStore
	deliveries   DeliveryStore
	accessorials AccessorialStore
	outbox       Outbox
	now          NowFunc
	newID        NewIDFunc
}

func NewDeliveryService(tx Transactor, loads LoadStore, deliveries DeliveryStore, accessorials AccessorialStore, outbox Outbox) *DeliveryService {
	return &DeliveryService{
		tx:           tx,
		loads:        loads,
		deliveries:   deliveries,
		accessorials: accessorials,
		outbox:       outbox,
		now:          time.Now,
		newID:        uuid.NewString,
	}
}

// ConfirmDeliveryInput is the carrier's proof of delivery.
type ConfirmDeliveryInput struct {
	LoadID       string
	CarrierID    string
	DeliveredAt  time.Time
	ReceiverName string
	PODURL       string
	Exceptions   string
}

// Confirm records delivery of a covered load and moves it to delivered.
func (s *DeliveryService) Confirm(ctx context.Context, in ConfirmDeliveryInput) (*domain.Delivery, error) {
	if in.ReceiverName == "" {
		return nil, domain.Invalid("receiver_name", "required")
	}
	if u, err := url.Parse(in.PODURL); err != nil || u.Scheme != "https" {
		return nil, domain.Invalid("pod_url", "must be an https URL")
	}
	load, err := s.loads.Get(ctx, in.LoadID)
	if err != nil {
		return nil, err
	}
	if load.CarrierID != in.CarrierID {
		return nil, domain.ErrForbidden
	}
	now := s.now().UTC()
	if in.DeliveredAt.IsZero() || in.DeliveredAt.After(now) {
		in.DeliveredAt = now
	}
	d := &domain.Delivery{
		LoadID:       in.LoadID,
		DeliveredAt:  in.DeliveredAt.UTC(),
		ReceiverName: in.ReceiverName,
		PODURL:       in.PODURL,
		Exceptions:   in.Exceptions,
		ReportedBy:   in.CarrierID,
		CreatedAt:    now,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.deliveries.Insert(ctx, d); err != nil {
			return err
		}
		moved, err := s.loads.Transition(ctx, in.LoadID, domain.LoadDelivered, domain.LoadCovered, domain.LoadInTransit)
		if err != nil {
			return err
		}
		if !moved {
			return &domain.TransitionError{Entity: "load", ID: in.LoadID, From: string(load.Status), To: string(domain.LoadDelivered)}
		}
		return s.outbox.Publish(ctx, events.TopicLoadDelivered, ids.Derived("load.delivered", in.LoadID), events.LoadDelivered{
			LoadID:      in.LoadID,
			CarrierID:   in.CarrierID,
			DeliveredAt: d.DeliveredAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// AddAccessorialInput is an extra charge claimed by the carrier.
type AddAccessorialInput struct {
	LoadID      string
	CarrierID   string
	Kind        domain.AccessorialKind
	AmountCents int64
	Note        string
	ReceiptURL  string
}

// AddAccessorial records an accessorial charge on a load.
func (s *DeliveryService) AddAccessorial(ctx context.Context, in AddAccessorialInput) (*domain.Accessorial, error) {
	if !in.Kind.Valid() {
		return nil, domain.Invalid("kind", "unknown accessorial")
	}
	if in.AmountCents <= 0 || in.AmountCents > 500_000 {
		return nil, domain.Invalid("amount_cents", "must be between 1 and 500000")
	}
	load, err := s.loads.Get(ctx, in.LoadID)
	if err != nil {
		return nil, err
	}
	if load.CarrierID != in.CarrierID {
		return nil, domain.ErrForbidden
	}
	switch load.Status {
	case domain.LoadCovered, domain.LoadInTransit, domain.LoadDelivered:
	default:
		return nil, &domain.TransitionError{Entity: "load", ID: load.ID, From: string(load.Status), To: "accessorial"}
	}
	a := &domain.Accessorial{
		ID:          s.newID(),
		LoadID:      in.LoadID,
		Kind:        in.Kind,
		AmountCents: in.AmountCents,
		Note:        in.Note,
		ReceiptURL:  in.ReceiptURL,
		CreatedBy:   in.CarrierID,
		CreatedAt:   s.now().UTC(),
	}
	if err := s.accessorials.Insert(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}
