// Package notify turns partner notifications from SQS into service calls.
// Importers post contract and shipment updates; carriers post tracking
// scans and damage claims. Both arrive through our webhook relay, which
// forwards each partner callback to a queue unchanged.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ridgeline-coffee/roastery/internal/greencoffee"
	"github.com/ridgeline-coffee/roastery/internal/queue"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
)

// ImporterHandlers handles Origin Direct notifications.
type ImporterHandlers struct {
	Green greencoffee.Service
}

// Router returns the handler table for the importer queue.
func (h ImporterHandlers) Router() queue.Router {
	return queue.Router{
		"contract.confirmed": h.contractConfirmed,
		"shipment.arrived":   h.shipmentArrived,
		"contract.amended":   h.ignore,
	}
}

func decode[T any](msg queue.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Notification.Payload, &v); err != nil {
		return v, fmt.Errorf("%w: %s payload: %v", queue.ErrPoison, msg.Notification.Type, err)
	}
	return v, nil
}

func (h ImporterHandlers) contractConfirmed(ctx context.Context, msg queue.Message) error {
	c, err := decode[greencoffee.Confirmation](msg)
	if err != nil {
		return err
	}
	err = h.Green.ConfirmContract(ctx, msg.Notification.ID, c)
	if errors.Is(err, greencoffee.ErrUnknownContract) {
		return fmt.Errorf("%w: %v", queue.ErrPoison, err)
	}
	return err
}

func (h ImporterHandlers) shipmentArrived(ctx context.Context, msg queue.Message) error {
	a, err := decode[greencoffee.LotArrival](msg)
	if err != nil {
		return err
	}
	_, err = h.Green.ReceiveLot(ctx, a)
	if errors.Is(err, greencoffee.ErrUnknownContract) || errors.Is(err, greencoffee.ErrInvalid) {
		return fmt.Errorf("%w: %v", queue.ErrPoison, err)
	}
	return err
}

// ignore acknowledges notification types we receive but do not act on yet.
func (ImporterHandlers) ignore(context.Context, queue.Message) error { return nil }

// CarrierHandlers handles carrier tracking and claims notifications.
type CarrierHandlers struct {
	Shipping shipping.Service
}

// Router returns the handler table for the carrier queue.
func (h CarrierHandlers) Router() queue.Router {
	return queue.Router{
		"tracking.updated": h.trackingUpdated,
		"damage.reported":  h.damageReported,
	}
}

func (h CarrierHandlers) trackingUpdated(ctx context.Context, msg queue.Message) error {
	ev, err := decode[shipping.TrackingEvent](msg)
	if err != nil {
		return err
	}
	if ev.EventID == "" {
		ev.EventID = msg.Notification.ID
	}
	return poisonIfUnknown(h.Shipping.RecordTracking(ctx, ev))
}

func (h CarrierHandlers) damageReported(ctx context.Context, msg queue.Message) error {
	rep, err := decode[shipping.DamageReport](msg)
	if err != nil {
		return err
	}
	return poisonIfUnknown(h.Shipping.ReportDamage(ctx, rep))
}

// poisonIfUnknown drops notifications for parcels we did not ship (other
// shippers on the same carrier account).
func poisonIfUnknown(err error) error {
	if errors.Is(err, shipping.ErrUnknownTracking) {
		return fmt.Errorf("%w: %v", queue.ErrPoison, err)
	}
	return err
}
