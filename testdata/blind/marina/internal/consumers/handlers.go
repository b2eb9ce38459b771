// Package consumers holds the AMQP event handlers run by cmd/consumer.
package consumers

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/storage"
)

// DepositRefunder returns deposits on cancelled reservations.
type DepositRefunder interface {
	RefundCancelledDeposit(ctx context.Context, reservationID string, daysBeforeArrival int, cancelledBy string) error
}

// WorkOrderCharger collects payment for invoiced work orders.
type WorkOrderCharger interface {
	ChargeWorkOrder(ctx context.Context, workOrderID, boaterID string, amountCents int64) (*domain.Payment, error)
}

// Notifier queues boater texts and alerts the harbourmaster.
type Notifier interface {
	Queue(ctx context.Context, tx *storage.Tx, kind, subjectID, phone, body string) (*domain.Notification, error)
	NotifyHarbourmaster(ctx context.Context, kind, subjectID, body string) error
}

// SettlementRecorder adds revenue lines for the nightly export.
type SettlementRecorder interface {
	RecordFuelSale(ctx context.Context, ev events.FuelSaleCompleted) error
	RecordPowerSession(ctx context.Context, ev events.PowerSessionBilled) error
}

// ArrivalRecorder logs vessel arrivals.
type ArrivalRecorder interface {
	RecordArrival(ctx context.Context, ev events.VesselArrived) error
}

type Handlers struct {
	Store      storage.Store
	Refunds    DepositRefunder
	Charges    WorkOrderCharger
	Notify     Notifier
	Settlement SettlementRecorder
	Harbour    ArrivalRecorder
	Log        *zap.Logger
}

func (h *Handlers) OnReservationConfirmed(msg *message.Message) error {
	_, ev, err := events.Decode[events.ReservationConfirmed](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	ctx := msg.Context()
	return h.Store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		boater, err := tx.Boaters.Get(ctx, ev.BoaterID)
		if err != nil {
			return err
		}
		body := fmt.Sprintf("Your berth %s is confirmed for %s to %s. Reply HELP for the harbour office.",
			ev.BerthID, ev.ArriveOn.Format("2 Jan"), ev.DepartOn.Format("2 Jan"))
		_, err = h.Notify.Queue(ctx, tx, "reservation_confirmed", ev.ReservationID, boater.Phone, body)
		return err
	})
}

func (h *Handlers) OnReservationCancelledRefund(msg *message.Message) error {
	env, ev, err := events.Decode[events.ReservationCancelled](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	days := int(math.Floor(ev.ArriveOn.Sub(env.OccurredAt).Hours() / 24))
	return h.Refunds.RefundCancelledDeposit(msg.Context(), ev.ReservationID, days, ev.CancelledBy)
}

func (h *Handlers) OnReservationCancelledHarbourmaster(msg *message.Message) error {
	_, ev, err := events.Decode[events.ReservationCancelled](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	if ev.ArriveOn.After(time.Now().AddDate(0, 0, 3)) {
		// Only short-notice cancellations free a berth the office has to re-let.
		return nil
	}
	body := fmt.Sprintf("Berth %s free from %s: reservation cancelled (%s).",
		ev.BerthID, ev.ArriveOn.Format("Mon 2 Jan"), ev.Reason)
	return h.Notify.NotifyHarbourmaster(msg.Context(), "berth_released", ev.ReservationID, body)
}

func (h *Handlers) OnFuelSaleCompleted(msg *message.Message) error {
	_, ev, err := events.Decode[events.FuelSaleCompleted](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	return h.Settlement.RecordFuelSale(msg.Context(), ev)
}

func (h *Handlers) OnWorkOrderCompleted(msg *message.Message) error {
	_, ev, err := events.Decode[events.WorkOrderCompleted](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	if ev.TotalCents <= 0 {
		return nil
	}
	p, err := h.Charges.ChargeWorkOrder(msg.Context(), ev.WorkOrderID, ev.BoaterID, ev.TotalCents)
	if err != nil {
		return err
	}
	h.Log.Info("work order charged", zap.String("work_order_id", ev.WorkOrderID), zap.String("payment_id", p.ID), zap.String("status", p.Status))
	return nil
}

func (h *Handlers) OnVesselArrived(msg *message.Message) error {
	_, ev, err := events.Decode[events.VesselArrived](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	return h.Harbour.RecordArrival(msg.Context(), ev)
}

func (h *Handlers) OnPowerSessionBilled(msg *message.Message) error {
	_, ev, err := events.Decode[events.PowerSessionBilled](msg.Payload)
	if err != nil {
		return drop(h.Log, msg, err)
	}
	return h.Settlement.RecordPowerSession(msg.Context(), ev)
}

// drop acknowledges a message that can never be processed.
func drop(log *zap.Logger, msg *message.Message, err error) error {
	log.Error("dropping undecodable message", zap.String("uuid", msg.UUID), zap.Error(err))
	return nil
}
