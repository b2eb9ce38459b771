package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/providers/mailer"
)

// ConsumerName identifies this service's durable consumer in the inbox.
const ConsumerName = "delivery-consumer"

// Deliveries runs the van routes: dispatch, proof of delivery, failed
// drops and returned crates.
type Deliveries struct {
	db         Pool
	deliveries DeliveryRepo
	inbox      InboxRepo
	pub        EventPublisher
	starter    FulfilmentStarter
	mail       Mailer
	now        Clock
	log        *slog.Logger
}

// NewDeliveries builds the delivery service.
func NewDeliveries(db Pool, deliveries DeliveryRepo, inbox InboxRepo, pub EventPublisher, starter FulfilmentStarter,
	mail Mailer, now Clock, log *slog.Logger) *Deliveries {
	return &Deliveries{db: db, deliveries: deliveries, inbox: inbox, pub: pub, starter: starter, mail: mail, now: now, log: log}
}

// Dispatch marks a route as leaving the bakery and announces each stop.
func (s *Deliveries) Dispatch(ctx context.Context, routeID uuid.UUID, driver string) error {
	route, err := s.deliveries.GetRoute(ctx, s.db, routeID)
	if err != nil {
		return err
	}
	if route.Status == "closed" {
		return domain.Conflict("route %s is closed", route.VanCode)
	}
	stops, err := s.deliveries.StopsForRoute(ctx, s.db, routeID)
	if err != nil {
		return err
	}
	now := s.now()
	for _, st := range stops {
		if st.DeliveryState != "scheduled" && st.DeliveryState != "out_for_delivery" {
			continue
		}
		ev := domain.DeliveryEvent{
			Type:       domain.EventDispatched,
			DeliveryID: st.DeliveryID,
			OrderID:    st.OrderID,
			CustomerID: st.CustomerID,
			RouteID:    routeID,
			Driver:     driver,
			OccurredAt: now,
		}
		msgID := "dispatched-" + st.DeliveryID.String()
		if err := s.pub.Publish(ctx, domain.Subject(ev.Type), msgID, ev); err != nil {
			return fmt.Errorf("announce stop %d: %w", st.StopSeq, err)
		}
	}
	return s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.deliveries.MarkRouteDispatched(ctx, tx, routeID, driver, now)
	})
}

// ProofInput is what the driver app uploads at the door.
type ProofInput struct {
	ReceivedBy   string             `json:"received_by"`
	SignatureURL string             `json:"signature_url"`
	PhotoURL     string             `json:"photo_url"`
	Latitude     *float64           `json:"latitude,omitempty"`
	Longitude    *float64           `json:"longitude,omitempty"`
	DeliveredAt  time.Time          `json:"delivered_at"`
	Driver       string             `json:"driver"`
	CratesLeft   int                `json:"crates_left"`
	Short        []domain.ShortLine `json:"short,omitempty"`
}

// SubmitProof accepts the driver's proof of delivery and publishes it, with
// any shortages, for the delivery consumer to apply.
func (s *Deliveries) SubmitProof(ctx context.Context, deliveryID uuid.UUID, in ProofInput) error {
	if in.ReceivedBy == "" {
		return domain.Invalid("received_by is required")
	}
	if in.DeliveredAt.IsZero() {
		in.DeliveredAt = s.now()
	}
	st, err := s.deliveries.Stop(ctx, s.db, deliveryID)
	if err != nil {
		return err
	}
	// The driver app queues uploads while the van has no signal, so proof
	// can arrive after the stop has been closed by another path.
	if st.DeliveryState == "scheduled" || st.DeliveryState == "failed" {
		return domain.Conflict("delivery %s is %s", deliveryID, st.DeliveryState)
	}

	base := domain.DeliveryEvent{
		DeliveryID: st.DeliveryID,
		OrderID:    st.OrderID,
		CustomerID: st.CustomerID,
		Driver:     in.Driver,
		OccurredAt: in.DeliveredAt,
		Crates:     in.CratesLeft,
	}
	submission := uuid.NewString()

	delivered := base
	delivered.Type = domain.EventDelivered
	delivered.Proof = &domain.ProofOfDelivery{
		DeliveryID:   st.DeliveryID,
		ReceivedBy:   in.ReceivedBy,
		SignatureURL: in.SignatureURL,
		PhotoURL:     in.PhotoURL,
		Latitude:     in.Latitude,
		Longitude:    in.Longitude,
		DeliveredAt:  in.DeliveredAt,
	}
	if err := s.pub.Publish(ctx, domain.Subject(delivered.Type), submission+":delivered", delivered); err != nil {
		return err
	}
	if len(in.Short) == 0 {
		return nil
	}
	short := base
	short.Type = domain.EventShort
	short.Short = in.Short
	return s.pub.Publish(ctx, domain.Subject(short.Type), submission+":short", short)
}

// OnDispatched tells the customer the van is on its way.
func (s *Deliveries) OnDispatched(ctx context.Context, env domain.DeliveryEnvelope) error {
	d, err := s.deliveries.Get(ctx, s.db, env.Event.DeliveryID)
	if err != nil {
		return err
	}
	if d.NotifiedAt != nil {
		return nil
	}
	st, err := s.deliveries.Stop(ctx, s.db, d.ID)
	if err != nil {
		return err
	}
	if _, err := s.mail.Send(ctx, mailer.Message{
		To:       st.BillingEmail,
		Subject:  "Your Crumbworks delivery is on its way",
		Template: "van-on-its-way",
		Data: map[string]any{
			"customer": st.CustomerName,
			"stop":     st.StopSeq,
			"driver":   env.Event.Driver,
			"date":     st.DeliveryDate.Format("Monday 2 January"),
		},
		Tags: []string{"delivery", "dispatched"},
	}); err != nil {
		return err
	}
	return s.deliveries.MarkNotified(ctx, s.db, d.ID, s.now())
}

// OnDelivered stores the proof of delivery, closes the stop and tells the
// order's fulfilment workflow it can invoice.
func (s *Deliveries) OnDelivered(ctx context.Context, env domain.DeliveryEnvelope) error {
	ev := env.Event
	if ev.Proof == nil {
		return domain.Invalid("delivered event %s has no proof", env.MsgID)
	}
	err := s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.deliveries.InsertProof(ctx, tx, *ev.Proof); err != nil {
			return fmt.Errorf("store proof of delivery: %w", err)
		}
		if err := s.deliveries.MarkDelivered(ctx, tx, ev.DeliveryID, ev.OccurredAt); err != nil {
			return err
		}
		return s.deliveries.AdjustCrates(ctx, tx, ev.CustomerID, ev.Crates)
	})
	if err != nil {
		return err
	}
	return s.starter.SignalDelivered(ctx, ev.OrderID, ev.OccurredAt)
}

// OnFailed records a drop the driver could not make and books it for the
// next delivery day.
func (s *Deliveries) OnFailed(ctx context.Context, env domain.DeliveryEnvelope) error {
	ev := env.Event
	reason := ev.Reason
	if reason == "" {
		reason = "not specified"
	}
	return s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := s.deliveries.MarkFailed(ctx, tx, ev.DeliveryID, reason)
		if err != nil || !ok {
			return err
		}
		next := startOfDay(ev.OccurredAt).AddDate(0, 0, 1)
		if next.Weekday() == time.Sunday {
			next = next.AddDate(0, 0, 1)
		}
		return s.deliveries.Reschedule(ctx, tx, ev.DeliveryID, next, reason)
	})
}

// OnCratesReturned credits the customer's crate balance with crates the
// driver collected.
func (s *Deliveries) OnCratesReturned(ctx context.Context, env domain.DeliveryEnvelope) error {
	ev := env.Event
	if ev.Crates <= 0 {
		return nil
	}
	return s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		first, err := s.inbox.Claim(ctx, tx, ConsumerName, env.MsgID)
		if err != nil || !first {
			return err
		}
		return s.deliveries.AdjustCrates(ctx, tx, ev.CustomerID, -ev.Crates)
	})
}
