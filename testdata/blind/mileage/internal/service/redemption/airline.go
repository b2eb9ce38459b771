package redemption

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/ports"
)

// ReservationEvent is a callback from the reservation system.
type ReservationEvent struct {
	EventID   string `json:"eventId"`
	EventType string `json:"eventType"`
	PNR       string `json:"pnr"`
	Reason    string `json:"reason"`
}

// Validate checks the callback.
func (e *ReservationEvent) Validate() error {
	if e.EventID == "" || e.PNR == "" || e.EventType == "" {
		return fmt.Errorf("eventId, eventType and pnr are required")
	}
	return nil
}

// Reservation system event types that return miles to the member.
var refundingEvents = map[string]bool{
	"BOOKING_CANCELLED_BY_CARRIER": true,
	"FLIGHT_CANCELLED":             true,
	"INVOLUNTARY_REFUND":           true,
}

// AirlineEvents applies reservation-system callbacks to redemptions.
type AirlineEvents struct {
	tx          ports.TxRunner
	redemptions ports.Redemptions
	ledger      ports.Ledger
	notify      ports.Enqueuer
	log         *slog.Logger
}

// NewAirlineEvents returns an AirlineEvents.
func NewAirlineEvents(tx ports.TxRunner, redemptions ports.Redemptions, ledger ports.Ledger,
	notify *messaging.NotifyQueue, log *slog.Logger) *AirlineEvents {
	return &AirlineEvents{tx: tx, redemptions: redemptions, ledger: ledger, notify: notify, log: log}
}

// Handle refunds the miles of award tickets the airline cancelled.
func (a *AirlineEvents) Handle(ctx context.Context, ev ReservationEvent) error {
	var refunded []domain.Redemption
	err := a.tx.Do(ctx, func(ctx context.Context) error {
		fresh, err := a.redemptions.RecordReservationEvent(ctx, ev.EventID, ev.PNR, ev.EventType)
		if err != nil || !fresh {
			return err
		}
		if !refundingEvents[ev.EventType] {
			return nil
		}
		rs, err := a.redemptions.TicketedByPNR(ctx, ev.PNR)
		if err != nil {
			return err
		}
		for _, r := range rs {
			moved, err := a.redemptions.Transition(ctx, r.ID, domain.RedemptionTicketed, domain.RedemptionCancelledByAirline)
			if err != nil {
				return err
			}
			if !moved {
				continue
			}
			if _, err := a.ledger.Post(ctx, domain.Posting{
				MemberID:  r.MemberID,
				Kind:      domain.KindRefund,
				Miles:     r.Miles,
				Source:    "airline-cancel",
				SourceRef: r.ID,
				Memo:      ev.EventType + " " + ev.PNR,
			}); err != nil {
				return err
			}
			refunded = append(refunded, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range refunded {
		key := "airline_cancel:" + r.ID
		if _, err := messaging.SendTyped(ctx, a.notify, messaging.NotifyMessage{
			Kind: "activity", MemberID: r.MemberID, Template: "award_cancelled_by_airline", Key: key,
			Params: map[string]string{"pnr": r.PNR, "miles": fmt.Sprint(r.Miles)},
		}, messaging.Dedup(key)); err != nil {
			a.log.WarnContext(ctx, "queue alert", "redemption_id", r.ID, "error", err)
		}
	}
	return nil
}
