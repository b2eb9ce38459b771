package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/notify"
)

// FlightCancelled is published by flight operations when a flight is
// cancelled.
type FlightCancelled struct {
	EventID  string `json:"-"`
	FlightID string `json:"flight_id"`
	Reason   string `json:"reason"`
}

// ScheduleChanged is published by flight operations when a departure time
// moves by more than the notification threshold.
type ScheduleChanged struct {
	EventID      string    `json:"-"`
	FlightID     string    `json:"flight_id"`
	NewDeparture time.Time `json:"new_departure"`
}

// FlightDeparted is published when the aircraft is off-blocks.
type FlightDeparted struct {
	EventID  string    `json:"-"`
	FlightID string    `json:"flight_id"`
	At       time.Time `json:"off_block_at"`
}

// Disruptions reacts to flight-operations events.
type Disruptions struct {
	deps Deps
}

func NewDisruptions(d Deps) *Disruptions { return &Disruptions{deps: d} }

// FlightCancelled refunds every paid ancillary on the flight, cancels unpaid
// orders and tells the passengers.
func (s *Disruptions) FlightCancelled(ctx context.Context, evt FlightCancelled) error {
	var orders []domain.Order
	err := s.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		items, err := tx.Items().ListByFlight(ctx, evt.FlightID,
			domain.ItemPending, domain.ItemPaid, domain.ItemIssued)
		if err != nil {
			return err
		}
		err = tx.Disruptions().Record(ctx, domain.FlightDisruption{
			EventID:   evt.EventID,
			FlightID:  evt.FlightID,
			Kind:      "cancelled",
			ItemCount: len(items),
		})
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, it := range items {
			order, err := tx.Orders().GetForUpdate(ctx, it.OrderID)
			if err != nil {
				return err
			}
			if !seen[order.ID] {
				seen[order.ID] = true
				orders = append(orders, order)
			}
			if it.Status == domain.ItemPending {
				if err := tx.Orders().SetStatus(ctx, order.ID, domain.OrderCancelled); err != nil {
					return err
				}
				continue
			}
			if _, err := requestRefund(ctx, tx, order, it, "flight_cancelled"); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, o := range orders {
		if o.ContactPhone == "" {
			continue
		}
		_, body, err := notify.Render(notify.TplFlightCancelled, map[string]any{"FlightID": evt.FlightID})
		if err != nil {
			return err
		}
		_, err = s.deps.SMS.SendSMS(ctx, notify.SMSMessage{
			To:        o.ContactPhone,
			Body:      body,
			Reference: fmt.Sprintf("flight-cancelled-%s-%s", evt.FlightID, o.ID),
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// ScheduleChanged e-mails every passenger holding ancillaries on the flight.
func (s *Disruptions) ScheduleChanged(ctx context.Context, evt ScheduleChanged) error {
	items, err := s.deps.Store.Items().ListByFlight(ctx, evt.FlightID, domain.ItemPaid, domain.ItemIssued)
	if err != nil {
		return err
	}
	var sent []domain.Notification
	for _, it := range items {
		order, err := s.deps.Store.Orders().Get(ctx, it.OrderID)
		if err != nil {
			return err
		}
		if order.ContactEmail == "" {
			continue
		}
		subject, body, err := notify.Render(notify.TplScheduleChange, map[string]any{
			"PNR":         order.PNR,
			"FlightID":    evt.FlightID,
			"Departure":   evt.NewDeparture.Format("02 Jan 15:04 MST"),
			"Product":     it.Product,
			"Description": it.Description,
		})
		if err != nil {
			return err
		}
		msgID, err := s.deps.Email.SendEmail(ctx, notify.EmailMessage{
			To:       order.ContactEmail,
			Subject:  subject,
			TextBody: body,
			Tag:      notify.TplScheduleChange,
			Metadata: map[string]string{"order_id": order.ID, "event_id": evt.EventID},
		})
		if err != nil {
			return err
		}
		sent = append(sent, domain.Notification{
			ID:          uuid.NewString(),
			OrderID:     order.ID,
			Template:    notify.TplScheduleChange,
			Channel:     "email",
			Recipient:   order.ContactEmail,
			ProviderRef: msgID,
		})
	}
	for _, n := range sent {
		if err := s.deps.Store.Notifications().Record(ctx, n); err != nil {
			return err
		}
	}
	s.deps.log().InfoContext(ctx, "schedule change notified",
		slog.String("flight_id", evt.FlightID), slog.Int("emails", len(sent)))
	return nil
}

// FlightDeparted closes the flight: used items are marked as flown, lounge
// passes for the flight expire, and miles are queued for members.
func (s *Disruptions) FlightDeparted(ctx context.Context, evt FlightDeparted) error {
	return s.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		items, err := tx.Items().ListByFlight(ctx, evt.FlightID, domain.ItemIssued)
		if err != nil {
			return err
		}
		var loungeItems []string
		for _, it := range items {
			if it.Product == domain.ProductLounge {
				loungeItems = append(loungeItems, it.ID)
			}
			if err := tx.Items().SetStatus(ctx, it.ID, domain.ItemUsed); err != nil {
				return err
			}
			order, err := tx.Orders().Get(ctx, it.OrderID)
			if err != nil {
				return err
			}
			if !order.LoyaltyNumber.Valid {
				continue
			}
			accrual := domain.MilesAccrual{
				ID:            uuid.NewString(),
				OrderItemID:   sql.NullString{String: it.ID, Valid: true},
				PNR:           order.PNR,
				LoyaltyNumber: order.LoyaltyNumber.String,
				Miles:         catalog.MilesFor(it),
				Source:        "flown",
				BusinessDate:  dateOnly(evt.At),
			}
			created, err := tx.Accruals().CreateForItem(ctx, accrual)
			if err != nil {
				return err
			}
			if !created {
				continue
			}
			err = tx.Outbox().Publish(ctx, domain.TopicAccrualRequested, domain.AccrualRequestedEvent{AccrualID: accrual.ID})
			if err != nil {
				return err
			}
		}
		if len(loungeItems) > 0 {
			if _, err := tx.Lounge().ExpireForItems(ctx, loungeItems); err != nil {
				return err
			}
		}
		return nil
	})
}
